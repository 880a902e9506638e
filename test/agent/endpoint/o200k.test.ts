import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serialize } from 'node:v8';
import { afterAll, expect, test } from 'vitest';
import { loadO200k } from '../../../src/agent/endpoint/o200k.js';

const root = resolve(import.meta.dirname, '../../..');
// The test setup's transpile wrote it (scripts/tokenizer-table.mjs), as every build does.
const built = join(root, 'dist/agent/endpoint/o200k-ranks.v8');
const library = createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-o200k-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// ASCII, code, accents, CJK, emoji and a rare character o200k splits into byte tokens.
const TEXTS = [
  'hello world',
  'func (s *Store) Put(key string, value []byte) error {\n\treturn nil\n}',
  'naïve café — “quoted” … déjà vu',
  '日本語のテキストと中文文本',
  'emoji 🧪🚀 and a rare one: 𓀀 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '',
];

test("the build's table gives gpt-tokenizer's own o200k_base counts, tokens and texts", () => {
  const fromTable = loadO200k(built);
  expect(fromTable).not.toBe(library);
  for (const text of TEXTS) {
    expect(fromTable.encode(text), text).toEqual(library.encode(text));
    expect(fromTable.countTokens(text)).toBe(library.countTokens(text));
    expect(fromTable.decode(fromTable.encode(text))).toBe(text);
  }
  expect(fromTable.countTokens('hello world')).toBe(2);
});

test("a table from another gpt-tokenizer, a damaged one or none: gpt-tokenizer's own module", () => {
  const other = join(scratch, 'other.v8');
  writeFileSync(other, serialize({ version: '0.0.1', ranks: ['a', 'b'] }));
  const damaged = join(scratch, 'damaged.v8');
  copyFileSync(built, damaged);
  writeFileSync(damaged, 'not a serialized value');
  const shapeless = join(scratch, 'shapeless.v8');
  writeFileSync(shapeless, serialize(['a', 'b']));
  for (const table of [other, damaged, shapeless, join(scratch, 'missing.v8')]) {
    expect(loadO200k(table), table).toBe(library);
  }
});
