import { AgentTrackError } from '../../core/index.js';
import { isPlainObject } from './deep-merge.js';

/** Keys that set up a model: the harness decides these from `--llm-block`, never a serving config. */
export const MODEL_KEYS: readonly string[] = [
  'model',
  'models',
  'llm',
  'temperature',
  'top_p',
  'max_tokens',
  'base_url',
  'api_key',
  'provider',
  'seed',
  'thinking',
];

/**
 * Refuses a serving config or overlay that carries model settings at any depth, naming the key
 * and the file, before the schema would call it merely unknown.
 *
 * @example
 * refuseModelKeys({ query: { mode: 'any' } }, 'configs/serving/default.yaml'); // passes
 */
export function refuseModelKeys(value: unknown, file: string, path: string[] = []): void {
  if (!isPlainObject(value)) return;
  for (const [key, inner] of Object.entries(value)) {
    const at = [...path, key];
    if (MODEL_KEYS.includes(key)) {
      throw new AgentTrackError(
        'MODEL_SETTING_IN_SERVING_CONFIG',
        `The key \`${at.join('.')}\` in \`${file}\` is a model setting; a serving config never chooses the model: pass model settings with \`--llm-block\``,
        { data: { file, key: at.join('.') } },
      );
    }
    refuseModelKeys(inner, file, at);
  }
}
