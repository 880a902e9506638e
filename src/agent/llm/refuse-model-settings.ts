import { AgentTrackError } from '../../core/index.js';

/**
 * What a run measures is decided by the run: the model comes from `--model` and its settings from
 * `--llm-block`. These helpers refuse settings that would otherwise arrive from elsewhere.
 */

/** Top-level keys of a serving config that would be model settings. */
export const MODEL_SETTING_KEYS = [
  'llm',
  'model',
  'provider',
  'base_url',
  'temperature',
  'top_p',
  'max_tokens',
  'seed',
  'thinking',
  'reasoning_effort',
  'parallel_tool_calls',
  'provider_routing',
] as const;

/** Environment variables that tools commonly read as model settings. */
export const MODEL_SETTING_ENV =
  /^(AGENT_TRACK|OPENAI|ANTHROPIC|OPENROUTER|LLM)_(MODEL|TEMPERATURE|TOP_P|MAX_TOKENS|SEED|THINKING|REASONING_EFFORT)$/;

/**
 * Refuses a serving config that carries model settings: any of `MODEL_SETTING_KEYS` at the top
 * level, or a key named `llm` at any depth. Names every offending key path and the file.
 *
 * @example
 * refuseModelSettingsInConfig({ chunk_size: 400, temperature: 0.2 }, 'configs/serving.yaml');
 * // throws MODEL_SETTINGS_OUTSIDE_BLOCK naming `temperature`
 */
export function refuseModelSettingsInConfig(config: unknown, file: string): void {
  const found: string[] = [];
  const walk = (value: unknown, path: string[]) => {
    if (typeof value !== 'object' || value === null) return;
    for (const [key, child] of Object.entries(value)) {
      const here = [...path, key];
      const topLevel = path.length === 0 && (MODEL_SETTING_KEYS as readonly string[]).includes(key);
      if (topLevel || key === 'llm') found.push(here.join('.'));
      else walk(child, here);
    }
  };
  walk(config, []);
  if (found.length === 0) return;
  throw new AgentTrackError(
    'MODEL_SETTINGS_OUTSIDE_BLOCK',
    `The serving config \`${file}\` carries model settings ${found.map((key) => `\`${key}\``).join(', ')}: model settings come only from \`--llm-block\` (and the model from \`--model\`); move them there`,
    { data: { file, keys: found } },
  );
}

/**
 * Refuses model settings set in the environment (`OPENAI_MODEL`, `AGENT_TRACK_TEMPERATURE`, ...),
 * naming the variables, never their values.
 *
 * @example
 * refuseModelSettingsInEnv(process.env);
 */
export function refuseModelSettingsInEnv(env: Readonly<Record<string, string | undefined>>): void {
  const found = Object.keys(env)
    .filter((name) => MODEL_SETTING_ENV.test(name) && env[name] !== undefined)
    .sort();
  if (found.length === 0) return;
  throw new AgentTrackError(
    'MODEL_SETTINGS_OUTSIDE_BLOCK',
    `The environment sets model settings ${found.map((name) => `\`${name}\``).join(', ')}: model settings come only from \`--llm-block\` (and the model from \`--model\`); unset them`,
    { data: { env: found } },
  );
}
