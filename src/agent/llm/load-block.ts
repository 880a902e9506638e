import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { AgentTrackError, describeReceived, issueMessage } from '../../core/index.js';
import { type LlmBlock, llmBlockSchema } from './block-schema.js';
import { blockHash, canonicalBlock } from './canonical-block.js';

/** A block read from a file, with the bytes and hash the plan prints. */
export interface LoadedLlmBlock {
  file: string;
  block: LlmBlock;
  canonical: string;
  hash: string;
}

// Keys a user may reach for to write a secret into the block: the refusal points at `auth.env`.
const SECRET_LOOKING = /^(api_?key|key|token|secret|password|authorization)$/i;
/**
 * Validates a block already parsed from YAML/JSON. `source` names where it came from (a file path)
 * in every message. A top-level `{llm: {...}}` wrapper is unwrapped. Refuses `model` (it comes from
 * `--model`), unknown keys by name, and never shows a value found under `auth`, nor (as no config
 * refusal does: `issueMessage`) a refused value shaped like a credential wherever it was put.
 *
 * @example
 * parseLlmBlock({ base_url: 'http://127.0.0.1:8000/v1', provider: 'openai' }, 'inline');
 */
export function parseLlmBlock(value: unknown, source: string): LlmBlock {
  let raw = value;
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    const keys = Object.keys(raw);
    if (keys.length === 1 && keys[0] === 'llm') raw = (raw as { llm: unknown }).llm;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new AgentTrackError(
      'LLM_BLOCK_INVALID',
      `The LLM block \`${source}\` must be a mapping of keys, got ${describeReceived(raw)}`,
      { data: { file: source } },
    );
  }
  if ('model' in raw) {
    throw new AgentTrackError(
      'LLM_BLOCK_NAMES_MODEL',
      `The LLM block \`${source}\` names \`model\` (${describeReceived((raw as { model: unknown }).model)}): the model comes from \`--model\`, so that both arms send the same block; remove the key`,
      { data: { file: source, key: 'model' } },
    );
  }
  const secretKey = Object.keys(raw).find((key) => SECRET_LOOKING.test(key));
  if (secretKey !== undefined) {
    throw new AgentTrackError(
      'LLM_BLOCK_INVALID',
      `The LLM block \`${source}\` has unknown key \`${secretKey}\`: a key is never written into a block; name its environment variable with \`auth: {env: NAME}\``,
      { data: { file: source, key: secretKey } },
    );
  }
  const parsed = llmBlockSchema.safeParse(raw);
  if (!parsed.success) {
    // A base_url refused for carrying a credential is not shown: it would print the credential.
    const reasons = parsed.error.issues.map((issue) =>
      issueMessage(issue, raw, {
        secretPrefixes: [
          'auth',
          ...(issue.path[0] === 'base_url' && issue.code === 'custom' ? ['base_url'] : []),
        ],
      }),
    );
    throw new AgentTrackError(
      'LLM_BLOCK_INVALID',
      `The LLM block \`${source}\` is refused: ${reasons.join('; ')}`,
      {
        data: { file: source, keys: parsed.error.issues.map((issue) => issue.path.map(String).join('.')) },
      },
    );
  }
  return parsed.data;
}

/**
 * Reads an LLM block from a YAML or JSON file and validates it (see `parseLlmBlock`).
 *
 * @example
 * const { block, canonical, hash } = loadLlmBlock('configs/llm/openrouter.yaml');
 */
export function loadLlmBlock(file: string): LoadedLlmBlock {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new AgentTrackError('LLM_BLOCK_UNREADABLE', `Cannot read the LLM block \`${file}\``, {
      data: { file },
      cause: error,
    });
  }
  let value: unknown;
  try {
    // No warning printed: one would quote the block's line, which could hold a secret.
    value = parseYaml(text, { logLevel: 'error' });
  } catch (error) {
    // The parser's message quotes the offending line, which could hold a secret: name the file only.
    const line = (error as { linePos?: { line: number }[] }).linePos?.[0]?.line;
    throw new AgentTrackError(
      'LLM_BLOCK_UNREADABLE',
      `The LLM block \`${file}\` is not valid YAML or JSON${line === undefined ? '' : ` (line ${line})`}`,
      { data: { file, line: line ?? null } },
    );
  }
  const block = parseLlmBlock(value, file);
  return { file, block, canonical: canonicalBlock(block), hash: blockHash(block) };
}
