// Writes o200k's ranks beside the module that reads them (`dist/agent/endpoint/o200k-ranks.v8`,
// `src/agent/endpoint/o200k.ts`): gpt-tokenizer's version and its o200k_base ranks, serialized with
// `node:v8`. gpt-tokenizer ships the ranks as 2 MB of JavaScript array literals, which each process
// that counts tokens parsed before its first count (~0.25 CPU-s); deserialized they take ~0.07 s.
// Run by both builds (the transpile and `npm run build`), so the table is never older than dist/.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { serialize } from 'node:v8';

/** Writes `dist/agent/endpoint/o200k-ranks.v8` from the installed gpt-tokenizer. */
export function writeTokenizerTable(root) {
  const require = createRequire(join(root, 'package.json'));
  const { version } = require('gpt-tokenizer/package.json');
  const ranks = require('gpt-tokenizer/bpeRanks/o200k_base').default;
  writeFileSync(join(root, 'dist/agent/endpoint/o200k-ranks.v8'), serialize({ version, ranks }));
}
