import { describe, expect, test } from 'vitest';
import { binomialHalfTails } from '../../src/stats/binomial-half.js';
import { mcnemarExact } from '../../src/stats/mcnemar.js';
import { normalCdf, normalSf } from '../../src/stats/normal.js';
import { p90, percentile } from '../../src/stats/percentile.js';
import { closeRelative, loadReference } from './reference/load.js';

const normal = loadReference<{ cases: { z: number; sf: number; cdf: number }[] }>('normal');
const mcnemar = loadReference<{
  cases: { b: number; c: number; alternative: 'two-sided' | 'greater' | 'less'; pvalue: number }[];
}>('mcnemar');
const percentiles = loadReference<{ cases: { values: number[]; q: number; value: number }[] }>('percentile');

describe('normal tails against scipy.stats.norm', () => {
  test.each(normal.cases)('z = $z', ({ z, sf, cdf }) => {
    expect(closeRelative(normalSf(z), sf, 1e-12)).toBe(true);
    expect(closeRelative(normalCdf(z), cdf, 1e-12)).toBe(true);
  });
});

describe('mcnemarExact against scipy.stats.binomtest(c, b + c, 0.5)', () => {
  test.each(mcnemar.cases)('b=$b c=$c $alternative', ({ b, c, alternative, pvalue }) => {
    const got = mcnemarExact(b, c, { alternative });
    expect(got.statistic).toBe(Math.min(b, c));
    if (pvalue > 1e-12) expect(closeRelative(got.pvalue, pvalue, 1e-9)).toBe(true);
  });

  test.each([
    // b + c = 0: nothing discordant, p = 1
    { b: 0, c: 0, pvalue: 1 },
    // n = 10, c = 9: P(X >= 9) = (10 + 1) / 1024; two-sided doubles it
    { b: 1, c: 9, pvalue: 22 / 1024 },
    // balanced: 2 * P(X <= 5 | n = 10) > 1, clipped to 1
    { b: 5, c: 5, pvalue: 1 },
  ])('by hand: b=$b c=$c', ({ b, c, pvalue }) => {
    expect(mcnemarExact(b, c).pvalue).toBeCloseTo(pvalue, 15);
  });

  test('refuses a negative or fractional count by name', () => {
    expect(() => mcnemarExact(-1, 2)).toThrow('`b` option to be a non-negative integer, got `-1` (number)');
    expect(() => mcnemarExact(1, 2.5)).toThrow('`c` option');
  });

  test('binomial tails by hand: n = 4, k = 1', () => {
    // pmf 1, 4, 6, 4, 1 over 16
    const tails = binomialHalfTails(4, 1);
    expect(tails.less).toBeCloseTo(5 / 16, 15);
    expect(tails.greater).toBeCloseTo(15 / 16, 15);
  });
});

describe('percentile against numpy.percentile (linear)', () => {
  test.each(percentiles.cases)('q=$q of $values.length values', ({ values, q, value }) => {
    expect(closeRelative(percentile(values, q)!, value, 1e-12) || Math.abs(value) < 1e-15).toBe(true);
  });

  test('drops nulls; no values is null, never 0', () => {
    expect(percentile([null, 4, undefined, 2], 50)).toBe(3);
    expect(percentile([], 50)).toBeNull();
    expect(p90([null, null])).toBeNull();
    // 1..10: position 0.9 * 9 = 8.1 -> 9 + 0.1 * (10 - 9)
    expect(p90([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBeCloseTo(9.1, 12);
  });

  test('refuses q outside [0, 100]', () => {
    expect(() => percentile([1], 101)).toThrow('`q` option to be a number from 0 to 100, got `101` (number)');
  });
});
