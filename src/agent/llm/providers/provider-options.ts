import { AgentTrackError } from '../../../core/index.js';
import { LLM_BLOCK_DEFAULTS, type LlmBlock } from '../block-schema.js';
import { exponentialBackoff, type RetryEvent, type RetryPolicy } from './with-retries.js';

/** How a provider is built from a block: where its key is read, and how retries wait and report. */
export interface ProviderOptions {
  /** Where `auth.env` is looked up; defaults to `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Delay before retry n (1-based) in ms; defaults to `exponentialBackoff`. */
  backoff?: (retry: number) => number;
  /** Called before each retry with a redacted message (for a log line). */
  onRetry?: (event: RetryEvent) => void;
}

/** What both SDK clients need, read from a block once. */
export interface ResolvedConnection {
  baseUrl: string;
  /** The key, or a placeholder when the block names no `auth` (a local server). Never logged. */
  apiKey: string;
  /** The key to redact from every message (undefined when there is none). */
  secret: string | undefined;
  timeoutMs: number;
  retry: RetryPolicy;
}

/** The key the SDKs send when a block names no `auth` (local servers ignore it). */
export const NO_KEY = 'no-key';

/**
 * The key the block names by `auth.env`, read from `env`; `undefined` for a block with no `auth`.
 * A named variable that is unset or empty is refused by its name (never a value), so a campaign
 * can check it before anything is spent.
 *
 * @example
 * blockKey({ provider: 'openai', base_url: 'http://127.0.0.1:9/v1', auth: { env: 'MY_KEY' } }, {}); // throws LLM_KEY_MISSING
 */
export function blockKey(
  block: LlmBlock,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  if (block.auth === undefined) return undefined;
  const secret = env[block.auth.env];
  if (secret === undefined || secret.length === 0) {
    throw new AgentTrackError(
      'LLM_KEY_MISSING',
      `The LLM block names its key by \`auth.env\` = \`${block.auth.env}\`, but the environment variable \`${block.auth.env}\` is not set`,
      { data: { env: block.auth.env } },
    );
  }
  return secret;
}

/**
 * Reads the key named by `auth.env` and the retry/timeout settings. A named variable that is unset
 * or empty is refused by its name (never a value).
 *
 * @example
 * resolveConnection(block, { env: { OPENROUTER_API_KEY: '...' } });
 */
export function resolveConnection(block: LlmBlock, options: ProviderOptions = {}): ResolvedConnection {
  const secret = blockKey(block, options.env ?? process.env);
  const policy: RetryPolicy = {
    maxRetries: block.max_retries ?? LLM_BLOCK_DEFAULTS.max_retries,
    backoff: options.backoff ?? exponentialBackoff,
  };
  if (options.onRetry !== undefined) policy.onRetry = options.onRetry;
  return {
    baseUrl: block.base_url,
    apiKey: secret ?? NO_KEY,
    secret,
    timeoutMs: Math.round((block.timeout_seconds ?? LLM_BLOCK_DEFAULTS.timeout_seconds) * 1000),
    retry: policy,
  };
}
