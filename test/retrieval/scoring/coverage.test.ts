import { describe, expect, test } from 'vitest';
import { coverage } from '../../../src/retrieval/scoring/metrics/coverage.js';
import { gold3, list, noGold } from './fixtures.js';

describe('coverage', () => {
  test.each([
    ['empty list', list(), 0],
    ['no gold found', list('x', 'y'), 0],
    // a twice and c: 2 of {a, b, c} = 2/3
    ['a repeat counts once', list('a', 'a', 'c'), 2 / 3],
    // all three, in any order, at any depth: 3/3
    ['all, deep in the list', list('x', 'y', 'z', 'c', 'b', 'x', 'a'), 1],
  ])('%s', (_name, items, expected) => {
    expect(coverage(items, gold3)).toBeCloseTo(expected, 12);
  });

  test('no gold is null', () => {
    expect(coverage(list('a'), noGold)).toBe(null);
  });
});
