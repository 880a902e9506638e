import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deserialize } from 'node:v8';

/** What the counting needs of gpt-tokenizer's o200k_base encoding (GPT-4o's). */
export type O200k = Pick<
  typeof import('gpt-tokenizer/encoding/o200k_base'),
  'countTokens' | 'encode' | 'decode'
>;

/**
 * o200k's ranks as the build keeps them beside this module (`scripts/tokenizer-table.mjs`): the
 * gpt-tokenizer version they came from and the ranks, serialized with `node:v8`. Its own module
 * holds them as 2 MB of JavaScript array literals, which a process parses before its first count
 * (~0.25 CPU-s); deserialized, they take ~0.07 s, and every process that counts tokens (each
 * harness runner, the offline endpoint, each orchestrator's plan) starts that much sooner.
 */
export const RANKS_TABLE = new URL('./o200k-ranks.v8', import.meta.url);

const require = createRequire(import.meta.url);

/**
 * The encoding built from the ranks in `table` when it holds this gpt-tokenizer's (the same API
 * over the same ranks as `gpt-tokenizer/encoding/o200k_base`); otherwise (no table, one from
 * another version, another Node's serialization, a damaged file) that module itself.
 *
 * @example
 * loadO200k(RANKS_TABLE).countTokens('hello world'); // 2
 */
export function loadO200k(table: URL | string): O200k {
  const ranks = tableRanks(table);
  if (ranks === null) return require('gpt-tokenizer/encoding/o200k_base') as O200k;
  const { GptEncoding } = require('gpt-tokenizer/GptEncoding') as typeof import('gpt-tokenizer/GptEncoding');
  return GptEncoding.getEncodingApi('o200k_base', () => ranks);
}

function tableRanks(table: URL | string): (string | number[])[] | null {
  let kept: unknown;
  try {
    kept = deserialize(readFileSync(table));
  } catch {
    return null;
  }
  const { version } = require('gpt-tokenizer/package.json') as { version: string };
  if (typeof kept !== 'object' || kept === null) return null;
  const { version: keptVersion, ranks } = kept as { version?: unknown; ranks?: unknown };
  return keptVersion === version && Array.isArray(ranks) ? ranks : null;
}
