import { describe, expect, test } from 'vitest';
import { AgentTrackError } from '../../src/core/errors.js';
import {
  type Alternative,
  type WilcoxonMethod,
  wilcoxonSignedRank,
  type ZeroMethod,
} from '../../src/stats/wilcoxon.js';
import { closeRelative, loadReference } from './reference/load.js';

interface Case {
  sample: number;
  zeroMethod: ZeroMethod;
  alternative: Alternative;
  method: WilcoxonMethod;
  correction: boolean;
  statistic: number;
  pvalue: number;
  source: string;
}
const reference = loadReference<{ cases: { samples: number[][]; tests: Case[] } }>('wilcoxon');
const { samples, tests } = reference.cases;

describe('wilcoxonSignedRank against scipy 1.17', () => {
  test('the reference covers every option, n from 1 to 300, ties and zeros', () => {
    const ns = new Set(tests.map((c) => samples[c.sample]!.length));
    expect(Math.min(...ns)).toBe(1);
    expect(Math.max(...ns)).toBe(300);
    for (const key of ['zeroMethod', 'alternative', 'method', 'correction', 'source'] as const) {
      expect(new Set(tests.map((c) => c[key])).size).toBeGreaterThan(1);
    }
    expect(tests.length).toBeGreaterThan(5000);
  });

  test('every reference case agrees to 1e-9 relative (p-values above 1e-12)', () => {
    const failures: string[] = [];
    for (const c of tests) {
      const d = samples[c.sample]!;
      const got = wilcoxonSignedRank(d, {
        alternative: c.alternative,
        zeroMethod: c.zeroMethod,
        method: c.method,
        correction: c.correction,
      });
      const label = `n=${d.length} ${c.zeroMethod} ${c.alternative} ${c.method} corr=${c.correction}`;
      if (!closeRelative(got.statistic, c.statistic, 1e-12)) {
        failures.push(`${label}: statistic ${got.statistic} != ${c.statistic}`);
      }
      if (c.pvalue > 1e-12 && !closeRelative(got.pvalue, c.pvalue, 1e-9)) {
        failures.push(`${label}: p ${got.pvalue} != ${c.pvalue} (${c.source})`);
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
  });
});

describe('wilcoxonSignedRank by hand', () => {
  test.each([
    // ranks 1..5, all positive: T+ = 15, only 1 of 32 sign patterns reaches it
    { d: [1, 2, 3, 4, 5], alternative: 'greater' as const, statistic: 15, pvalue: 1 / 32, method: 'exact' },
    // two-sided doubles the smaller tail: 2 * 1/32
    { d: [1, 2, 3, 4, 5], alternative: 'two-sided' as const, statistic: 0, pvalue: 2 / 32, method: 'exact' },
    // ranks 3, 4, -2, 5, 1: T+ = 13; P(T+ >= 13) = 3/32
    {
      d: [1.5, 2, -0.5, 3, 0.25],
      alternative: 'greater' as const,
      statistic: 13,
      pvalue: 3 / 32,
      method: 'exact',
    },
    // ties: |d| = 1, 1, 2 -> ranks 1.5, 1.5, 3; T+ = 1.5 + 3 = 4.5 (doubled 9 of 12).
    // Doubled outcomes {0,3,3,6,6,9,9,12}: P(T >= 9) = 3/8
    { d: [1, -1, 2], alternative: 'greater' as const, statistic: 4.5, pvalue: 3 / 8, method: 'exact' },
  ])('$d $alternative', ({ d, alternative, statistic, pvalue, method }) => {
    const got = wilcoxonSignedRank(d, { alternative });
    expect(got.statistic).toBe(statistic);
    expect(got.pvalue).toBeCloseTo(pvalue, 14);
    expect(got.method).toBe(method);
    expect(got.n).toBe(d.length);
  });

  test.each(['wilcox', 'pratt', 'zsplit'] as const)(
    'all differences zero (%s): p = 1, n = 0',
    (zeroMethod) => {
      for (const method of ['auto', 'exact', 'asymptotic'] as const) {
        const got = wilcoxonSignedRank([0, 0, 0], { zeroMethod, method });
        expect(got).toMatchObject({ pvalue: 1, n: 0, statistic: 0 });
      }
    },
  );

  test('empty input: p = 1, n = 0', () => {
    expect(wilcoxonSignedRank([])).toMatchObject({ pvalue: 1, n: 0 });
  });

  test('n counts the non-zero differences only', () => {
    expect(wilcoxonSignedRank([0, 0, 1, -2, 3], { zeroMethod: 'pratt' }).n).toBe(3);
  });

  test('the exact conditional distribution stays exact for n = 200 with heavy ties', () => {
    // 200 copies of +1: all tied (mid-rank 100.5), T+ = 200 * 100.5; only one sign pattern reaches
    // it, so P = 2^-200, which the asymptotic approximation cannot give.
    const got = wilcoxonSignedRank(new Array(200).fill(1), { method: 'exact', alternative: 'greater' });
    expect(got.pvalue / 2 ** -200).toBeCloseTo(1, 9);
  });

  test.each([
    [{ alternative: 'sideways' }, '`alternative` option to be one of'],
    [{ zeroMethod: 'drop' }, '`zeroMethod` option'],
    [{ method: 'permutation' }, '`method` option'],
    [{ correction: 'yes' }, '`correction` option to be a boolean'],
  ])('refuses %o by name', (options, message) => {
    expect(() => wilcoxonSignedRank([1, 2], options as never)).toThrow(AgentTrackError);
    expect(() => wilcoxonSignedRank([1, 2], options as never)).toThrow(message);
  });

  test('refuses a non-finite difference, naming the value', () => {
    expect(() => wilcoxonSignedRank([1, Number.NaN])).toThrow('got `NaN` (number)');
  });
});
