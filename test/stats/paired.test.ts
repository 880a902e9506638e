import { describe, expect, test } from 'vitest';
import { pairedComparison } from '../../src/stats/paired.js';

describe('pairedComparison', () => {
  test('continuous: pairs only the tasks both arms defined', () => {
    // pairs a, b, c (d undefined in baseline, e absent): differences -1, -1, 0, delta -2/3.
    // Wilcoxon 'less' drops the zero; |d| = 1, 1 tie (mid-rank 1.5 each); T+ = 0, and 1 of the 4 sign
    // patterns reaches it: p = 1/4.
    const got = pairedComparison(
      { a: 1, b: 2, c: 3, d: null },
      new Map([
        ['a', 0],
        ['b', 1],
        ['c', 3],
        ['d', 5],
        ['e', 1],
      ]),
      { kind: 'continuous', direction: 'lower' },
    );
    expect(got.pairs).toBe(3);
    expect(got.delta).toBeCloseTo(-2 / 3, 14);
    expect(got.pvalue).toBeCloseTo(0.25, 14);
    expect(got).toMatchObject({ test: 'wilcoxon', alternative: 'less' });
    expect(got.low!).toBeGreaterThanOrEqual(-1);
    expect(got.high!).toBeLessThanOrEqual(0);
  });

  test('binary: McNemar exact one-sided in the row direction', () => {
    // b (1 -> 0) = t2 = 1; c (0 -> 1) = t3, t4 = 2; P(X >= 2 | n = 3) = (3 + 1) / 8.
    // delta = mean(0, -1, 1, 1, 0) = 0.2
    const got = pairedComparison(
      { t1: 1, t2: 1, t3: 0, t4: 0, t5: 1 },
      { t1: 1, t2: 0, t3: 1, t4: 1, t5: 1 },
      { kind: 'binary', direction: 'higher' },
    );
    expect(got).toMatchObject({ pairs: 5, test: 'mcnemar', alternative: 'greater' });
    expect(got.delta).toBeCloseTo(0.2, 14);
    expect(got.pvalue).toBeCloseTo(0.5, 14);
  });

  test('neither direction is two-sided', () => {
    // differences 1, 2, 3, 4, 5: exact two-sided p = 2/32
    const got = pairedComparison(
      { a: 0, b: 0, c: 0, d: 0, e: 0 },
      { a: 1, b: 2, c: 3, d: 4, e: 5 },
      { kind: 'continuous', direction: 'neither' },
    );
    expect(got.pvalue).toBeCloseTo(2 / 32, 14);
  });

  test('no pairs: everything undefined, never 0', () => {
    expect(
      pairedComparison({ a: null }, { a: 1, b: 2 }, { kind: 'continuous', direction: 'higher' }),
    ).toEqual({
      pairs: 0,
      delta: null,
      low: null,
      high: null,
      pvalue: null,
      test: 'wilcoxon',
      alternative: 'greater',
    });
  });

  test('a binary row with a value other than 0/1 is refused', () => {
    expect(() => pairedComparison({ a: 2 }, { a: 1 }, { kind: 'binary', direction: 'higher' })).toThrow(
      'A binary row holds only 0 or 1 per task, got `2`',
    );
  });

  test('refuses an unknown kind or direction by name', () => {
    expect(() => pairedComparison({}, {}, { kind: 'ordinal' as never, direction: 'higher' })).toThrow(
      '`kind` option',
    );
    expect(() => pairedComparison({}, {}, { kind: 'binary', direction: 'up' as never })).toThrow(
      '`direction` option',
    );
  });
});
