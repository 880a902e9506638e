import { describe, expect, test } from 'vitest';
import { clusteredPairedTest } from '../../src/stats/clustered.js';
import { closeRelative, loadReference } from './reference/load.js';

interface Case {
  differences: number[];
  clusters: string[];
  statistic: number;
  pvalue: Record<'two-sided' | 'greater' | 'less', number>;
}
const reference = loadReference<{ clustered: Case[]; monteCarlo: Case }>('clustered');
const alternatives = ['two-sided', 'greater', 'less'] as const;

describe('clusteredPairedTest', () => {
  test.each(reference.clustered.map((c) => [new Set(c.clusters).size, c] as const))(
    'exact sign flips over %i clusters match scipy.stats.permutation_test',
    (_k, c) => {
      for (const alternative of alternatives) {
        const got = clusteredPairedTest(c.differences, c.clusters, { alternative });
        expect(got.method).toBe('exact');
        expect(closeRelative(got.statistic!, c.statistic, 1e-12)).toBe(true);
        expect(closeRelative(got.pvalue!, c.pvalue[alternative], 1e-12)).toBe(true);
      }
    },
  );

  test('beyond 16 clusters: seeded Monte Carlo near the exact p, the same p for the same seed', () => {
    const c = reference.monteCarlo;
    for (const alternative of alternatives) {
      const got = clusteredPairedTest(c.differences, c.clusters, { alternative, resamples: 40000, seed: 3 });
      expect(got.method).toBe('monte-carlo');
      // sd of a Monte Carlo p near 0.12 over 40,000 flips is ~0.0016; 0.01 is six of them.
      expect(Math.abs(got.pvalue! - c.pvalue[alternative])).toBeLessThan(0.01);
      const again = clusteredPairedTest(c.differences, c.clusters, {
        alternative,
        resamples: 40000,
        seed: 3,
      });
      expect(again.pvalue).toBe(got.pvalue);
    }
  });

  test('the statistic weighs clusters, not tasks; nulls are dropped with their cluster', () => {
    // cluster a: mean (0.5 + 0.3) / 2 = 0.4, b: -0.1, c: 0.2 (its null dropped), d: only null -> gone
    const got = clusteredPairedTest([0.5, 0.3, -0.1, 0.2, null, null], ['a', 'a', 'b', 'c', 'c', 'd']);
    expect(got.clusters).toBe(3);
    expect(got.n).toBe(4);
    expect(got.statistic).toBeCloseTo(0.5 / 3, 14);
    // means 0.4, -0.1, 0.2: of the 8 sign flips, mean >= 0.5/3 for (+,+,+) and (+,-,+)... and
    // (+,+,-) gives 0.1/3 < 0.5/3; (+,-,+) gives 0.7/3: 2 of 8 at or above, 6 of 8 at or below.
    expect(got.pvalue).toBeCloseTo(2 * (2 / 8), 14);
  });

  test('fewer than 5 clusters: no interval; 5 or more: a cluster bootstrap inside the cluster means', () => {
    const four = clusteredPairedTest([1, 2, 3, 4], ['a', 'b', 'c', 'd']);
    expect(four).toMatchObject({ clusters: 4, low: null, high: null });
    const five = clusteredPairedTest([1, 1, 2, 3, 4, 5], ['a', 'a', 'b', 'c', 'd', 'e']);
    expect(five.clusters).toBe(5);
    expect(five.low!).toBeGreaterThanOrEqual(1);
    expect(five.high!).toBeLessThanOrEqual(5);
    expect(five.low!).toBeLessThan(five.statistic!);
    expect(five.high!).toBeGreaterThan(five.statistic!);
  });

  test('no defined difference is undefined, never 0', () => {
    expect(clusteredPairedTest([null, null], ['a', 'b'])).toMatchObject({
      statistic: null,
      pvalue: null,
      clusters: 0,
    });
  });

  test('refuses a cluster list of another length, and a bad alternative', () => {
    expect(() => clusteredPairedTest([1, 2], ['a'])).toThrow(/one cluster per difference/);
    // biome-ignore lint/suspicious/noExplicitAny: a caller outside TypeScript
    expect(() => clusteredPairedTest([1], ['a'], { alternative: 'up' as any })).toThrow(/alternative/);
  });
});
