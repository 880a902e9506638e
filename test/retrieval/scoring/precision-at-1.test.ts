import { describe, expect, test } from 'vitest';
import { precisionAt1 } from '../../../src/retrieval/scoring/metrics/precision-at-1.js';
import { gold2, list, noGold } from './fixtures.js';

describe('precisionAt1', () => {
  test.each([
    ['empty list', list(), 0],
    ['relevant first', list('b', 'x'), 1],
    ['relevant second', list('x', 'a'), 0],
  ])('%s', (_name, items, expected) => {
    expect(precisionAt1(items, gold2)).toBe(expected);
  });

  test('no gold is null', () => {
    expect(precisionAt1(list('a'), noGold)).toBe(null);
  });
});
