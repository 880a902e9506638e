import { describe, expect, test } from 'vitest';
import { goldItems, goldKindOf } from '../../../src/retrieval/scoring/gold.js';
import { goldMatcher, isRelevant, matchGold } from '../../../src/retrieval/scoring/relevance.js';

const files = { id: 'f', gold: { files: ['./src/Cart.py', 'src\\util.py', 'src//util.py'] } };
const docs = { id: 'd', gold: { doc_ids: ['doc-1', 'doc-2', 'doc-1'] } };
const needle = { id: 'n', gold: { body: 'def f():\n    return 1\n', files: ['pkg/mod.py'] } };
const answerOnly = { id: 'a', gold: { answer: 'Because.' } };

describe('goldKindOf and goldItems', () => {
  test.each([
    [files, undefined, 'files', ['src/Cart.py', 'src/util.py']],
    [docs, undefined, 'doc_ids', ['doc-1', 'doc-2']],
    [needle, undefined, 'body', ['body']],
    [needle, 'files', 'files', ['pkg/mod.py']],
    [files, 'body', null, null],
    [answerOnly, undefined, null, null],
  ] as const)('task %#: kind %s -> %s %j', (task, kind, expectedKind, expectedItems) => {
    expect(goldKindOf(task, { kind })).toBe(expectedKind);
    expect(goldItems(task, { kind })).toEqual(expectedItems);
  });

  test('case-folded gold files when the filesystem ignores case', () => {
    expect(goldItems(files, { caseInsensitivePaths: true })).toEqual(['src/cart.py', 'src/util.py']);
  });

  test('bad options are refused by name', () => {
    expect(() => goldKindOf(files, { kind: 'paths' as never })).toThrow(
      "Expected the `kind` option to be one of 'body', 'doc_ids', 'files', got `paths` (string)",
    );
    expect(() => goldItems(files, { caseInsensitivePaths: 'yes' as never })).toThrow(
      'Expected the `caseInsensitivePaths` option to be a boolean, got `yes` (string)',
    );
  });
});

describe('matchGold names the gold item an item matches', () => {
  test.each([
    [{ path: 'src/Cart.py' }, 'src/Cart.py'],
    [{ path: '.\\src\\Cart.py' }, 'src/Cart.py'],
    [{ path: 'src/./util.py', name: 'helper', start: 3 }, 'src/util.py'],
    [{ path: 'src/cart.py' }, null],
    [{ path: 'src/Cart.pyc' }, null],
    [{ name: 'src/Cart.py' }, null],
    [{ doc_id: 'src/Cart.py' }, null],
  ])('file gold, case-sensitive: %j -> %s', (item, expected) => {
    expect(matchGold(item, files)).toBe(expected);
    expect(isRelevant(item, files)).toBe(expected !== null);
  });

  test.each([
    [{ path: 'src/cart.py' }, 'src/cart.py'],
    [{ path: 'SRC/UTIL.PY' }, 'src/util.py'],
  ])('file gold, case-insensitive: %j -> %s', (item, expected) => {
    expect(matchGold(item, files, { caseInsensitivePaths: true })).toBe(expected);
  });

  test.each([
    [{ doc_id: 'doc-2' }, 'doc-2'],
    [{ doc_id: 'DOC-2' }, null],
    [{ path: 'doc-1' }, null],
  ])('doc-id gold: %j -> %s', (item, expected) => {
    expect(matchGold(item, docs)).toBe(expected);
  });

  test('a needle task is judged by its body by default, by its files on request', () => {
    const piece = { path: 'pkg/mod.py', text: 'def f():\n  return 1' };
    const other = { path: 'pkg/mod.py', text: 'def g():\n  return 1' };
    expect(matchGold(piece, needle)).toBe('body');
    expect(matchGold(other, needle)).toBe(null);
    expect(matchGold(other, needle, { kind: 'files' })).toBe('pkg/mod.py');
    expect(matchGold({ path: 'pkg/mod.py' }, needle)).toBe(null);
  });

  test('no gold of the kind judged: no matcher, nothing relevant', () => {
    expect(goldMatcher(answerOnly)).toBe(null);
    expect(isRelevant({ path: 'a.py', text: 'x' }, answerOnly)).toBe(false);
    expect(matchGold({ path: 'src/Cart.py' }, files, { kind: 'doc_ids' })).toBe(null);
  });
});
