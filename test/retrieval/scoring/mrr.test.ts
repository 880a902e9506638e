import { describe, expect, test } from 'vitest';
import { mrr } from '../../../src/retrieval/scoring/metrics/mrr.js';
import { gold1, gold2, list, noGold } from './fixtures.js';

describe('mrr', () => {
  test.each([
    ['empty list', gold1, list(), 0],
    ['first', gold1, list('a', 'x'), 1],
    // first relevant at rank 3: 1/3
    ['third', gold1, list('x', 'y', 'a'), 1 / 3],
    // b at 2 comes before a at 3: 1/2
    ['first of several gold', gold2, list('x', 'b', 'a'), 1 / 2],
    // a normalised spelling still counts: 1/2
    ['spelled differently', gold1, list('x', '.\\a'), 1 / 2],
    ['none relevant', gold1, list('x', 'y'), 0],
  ])('%s', (_name, task, items, expected) => {
    expect(mrr(items, task)).toBeCloseTo(expected, 12);
  });

  test('no gold is null', () => {
    expect(mrr(list('a'), noGold)).toBe(null);
  });
});
