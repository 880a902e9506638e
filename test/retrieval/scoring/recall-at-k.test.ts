import { describe, expect, test } from 'vitest';
import { hitAtK, recallAtK } from '../../../src/retrieval/scoring/metrics/recall-at-k.js';
import { gold2, gold3, list, noGold } from './fixtures.js';

describe('recallAtK / hitAtK (one implementation)', () => {
  test.each([
    // empty list with gold: a measured 0
    ['empty list', gold2, list(), 5, { hit: 0, fraction: 0, found: [] }],
    // [x, a, y, b]: nothing in the top 1
    ['miss at 1', gold2, list('x', 'a', 'y', 'b'), 1, { hit: 0, fraction: 0, found: [] }],
    // a at rank 2: 1 of 2 gold items -> 1/2
    ['one of two at 2', gold2, list('x', 'a', 'y', 'b'), 2, { hit: 1, fraction: 0.5, found: ['a'] }],
    // a at 2, b at 4: 2/2
    ['both at 4', gold2, list('x', 'a', 'y', 'b'), 4, { hit: 1, fraction: 1, found: ['a', 'b'] }],
    // k = 10 larger than the 4-item list: same as k = 4
    ['k past the end', gold2, list('x', 'a', 'y', 'b'), 10, { hit: 1, fraction: 1, found: ['a', 'b'] }],
    // a matched three times (three spellings), credited once: 1/2
    ['a gold item matched thrice', gold2, list('a', './a', 'a/'), 3, { hit: 1, fraction: 0.5, found: ['a'] }],
    // c and b of {a, b, c}: 2/3
    ['two of three', gold3, list('c', 'b'), 5, { hit: 1, fraction: 2 / 3, found: ['c', 'b'] }],
    // duplicate gold entries count once: gold {a} spelled twice, a found -> 1/1
    [
      'duplicate gold entries',
      { id: 'd', gold: { files: ['a', './a'] } },
      list('a'),
      1,
      { hit: 1, fraction: 1, found: ['a'] },
    ],
  ])('%s', (_name, task, items, k, expected) => {
    expect(recallAtK(items, task, k)).toEqual(expected);
    expect(hitAtK(items, task, k)).toBe(expected.hit);
  });

  test('no gold of the kind judged is null, never 0', () => {
    expect(recallAtK(list('a'), noGold, 5)).toBe(null);
    expect(hitAtK(list(), noGold, 5)).toBe(null);
    expect(recallAtK(list('a'), gold2, 5, { kind: 'body' })).toBe(null);
  });

  test.each([0, -1, 1.5, Number.NaN, '5'])('k = %j is refused by name', (k) => {
    expect(() => recallAtK(list('a'), gold2, k as number)).toThrow(
      /Expected the `k` option to be a positive integer/,
    );
  });
});
