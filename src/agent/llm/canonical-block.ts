import { createHash } from 'node:crypto';
import { canonicalJson } from '../../core/index.js';
import type { LlmBlock } from './block-schema.js';

/**
 * The canonical bytes of a block: JSON with keys sorted at every depth, no whitespace. The same
 * block written as YAML or JSON, in any key order, has the same bytes; the plan prints them to show
 * that both arms send byte-identical settings. The block holds no key value, only its env name.
 *
 * @example
 * canonicalBlock({ provider: 'openai', base_url: 'http://127.0.0.1:8000/v1' });
 * // '{"base_url":"http://127.0.0.1:8000/v1","provider":"openai"}'
 */
export function canonicalBlock(block: LlmBlock): string {
  return canonicalJson(block);
}

/**
 * The sha256 (hex) of a block's canonical bytes.
 *
 * @example
 * blockHash(block); // '3f2a...' (64 hex digits)
 */
export function blockHash(block: LlmBlock): string {
  return createHash('sha256').update(canonicalBlock(block)).digest('hex');
}
