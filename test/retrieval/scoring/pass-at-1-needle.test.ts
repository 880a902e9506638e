import { describe, expect, test } from 'vitest';
import { passAt1Needle } from '../../../src/retrieval/scoring/metrics/pass-at-1-needle.js';
import { gold1 } from './fixtures.js';

const needle = {
  id: 'n',
  gold: { body: 'func Add(a, b int) int {\n\treturn a + b\n}', files: ['calc/add.go'] },
};
const hit = {
  path: 'calc/add.go',
  text: 'package calc\n\n// Add adds.\nfunc Add(a, b int) int { return a + b }\n',
};
const miss = { path: 'calc/add.go', text: 'func Sub(a, b int) int { return a - b }' };

describe('passAt1Needle', () => {
  test.each([
    ['empty list', [], 0],
    ['the first item contains the body', [hit, miss], 1],
    ['only the second does', [miss, hit], 0],
    ['a first item without text', [{ path: 'calc/add.go' }, hit], 0],
  ])('%s', (_name, items, expected) => {
    expect(passAt1Needle(items, needle)).toBe(expected);
  });

  test('judged by the body even when kind says files', () => {
    expect(passAt1Needle([miss], needle, { kind: 'files' })).toBe(0);
  });

  test('a task without body gold is null', () => {
    expect(passAt1Needle([{ path: 'a', text: 'a' }], gold1)).toBe(null);
  });
});
