import { describe, expect, test } from 'vitest';
import { mapAtK } from '../../../src/retrieval/scoring/metrics/map-at-k.js';
import { gold2, gold3, list, noGold } from './fixtures.js';

describe('mapAtK', () => {
  test.each([
    // no item: 0 / min(10, 2) = 0
    ['empty list', gold2, list(), 10, 0],
    // relevant at 1 and 3: (1/1 + 2/3) / min(10, 2) = (5/3) / 2 = 5/6
    ['ranks 1 and 3', gold2, list('a', 'x', 'b'), 10, 5 / 6],
    // relevant at 1 and 2: (1/1 + 2/2) / 2 = 1
    ['perfect', gold2, list('b', 'a'), 10, 1],
    // a at 2 credited, a again at 3 gains nothing and counts as not relevant, b at 4:
    // (1/2 + 2/4) / 2 = 0.5   (counting the repeat would give (1/2 + 2/3 + 3/4) / 2 = 0.958)
    ['a repeat earns nothing', gold2, list('x', 'a', 'a', 'b'), 10, 0.5],
    // a three times: (1/1) / 2 = 0.5, never above 1
    ['one gold item thrice', gold2, list('a', 'a', 'a'), 10, 0.5],
    // k = 1 normalises by min(1, 2) = 1: (1/1) / 1 = 1
    ['k = 1 hit', gold2, list('a', 'b'), 1, 1],
    // k = 1 with a miss first: 0
    ['k = 1 miss', gold2, list('x', 'a'), 1, 0],
    // k = 2 over {a, b, c}: a at 1 -> (1/1) / min(2, 3) = 0.5
    ['k below the gold count', gold3, list('a', 'x', 'b'), 2, 0.5],
    // b at 5 is past k = 4: (1/1) / 2 = 0.5
    ['relevant past k ignored', gold2, list('a', 'x', 'y', 'z', 'b'), 4, 0.5],
  ])('%s', (_name, task, items, k, expected) => {
    expect(mapAtK(items, task, k)).toBeCloseTo(expected, 12);
  });

  test('no gold is null', () => {
    expect(mapAtK(list('a'), noGold, 10)).toBe(null);
  });
});
