import { describe, expect, test } from 'vitest';
import { ndcgAtK } from '../../../src/retrieval/scoring/metrics/ndcg-at-k.js';
import { gold1, gold2, gold3, list, noGold } from './fixtures.js';

// 1 / log2(3) = 0.6309297535714575, 1 / log2(4) = 0.5
const G2 = 1 / Math.log2(3);

describe('ndcgAtK', () => {
  test.each([
    ['empty list', gold2, list(), 10, 0],
    // ideal order: (1 + G2) / (1 + G2) = 1
    ['perfect', gold2, list('a', 'b'), 10, 1],
    // one gold item at rank 2: G2 / 1 = 0.63093
    ['single gold at 2', gold1, list('x', 'a'), 10, G2],
    // {a, b}, a at 2 only: G2 / (1 + G2) = 0.38685
    ['half found at 2', gold2, list('x', 'a'), 10, G2 / (1 + G2)],
    // a at 1, a again at 2 gains 0, b at 3: (1 + 0 + 0.5) / (1 + G2) = 0.91972
    ['a repeat gains 0', gold2, list('a', 'a', 'b'), 10, 1.5 / (1 + G2)],
    // k = 1: ideal is one item: 1 / 1
    ['k = 1 hit', gold2, list('a'), 1, 1],
    ['k = 1 miss', gold2, list('x', 'a'), 1, 0],
    // {a, b, c}, k = 2, c at 2: G2 / (1 + G2)
    ['ideal over min(k, |gold|)', gold3, list('x', 'c', 'a'), 2, G2 / (1 + G2)],
    // k = 10 over a 1-item list of {a, b, c}: 1 / (1 + G2 + 0.5)
    ['k past the end', gold3, list('b'), 10, 1 / (1 + G2 + 0.5)],
  ])('%s', (_name, task, items, k, expected) => {
    expect(ndcgAtK(items, task, k)).toBeCloseTo(expected, 12);
  });

  test('no gold is null', () => {
    expect(ndcgAtK(list('a'), noGold, 10)).toBe(null);
  });
});
