import { describe, expect, test } from 'vitest';
import { equivalenceTest, nonInferiorityTest } from '../../src/stats/equivalence.js';
import { closeRelative, loadReference } from './reference/load.js';

interface Tost {
  differences: number[];
  low: number;
  high: number;
  pvalueLow: number;
  pvalueHigh: number;
}
interface NonInferiority {
  differences: number[];
  margin: number;
  direction: 'higher' | 'lower';
  pvalue: number;
}
const reference = loadReference<{ equivalence: Tost[]; noninferiority: NonInferiority[] }>('clustered');

describe('equivalenceTest (TOST)', () => {
  test.each(reference.equivalence.map((c, i) => [i, c] as const))(
    'case %i matches two one-sided ttest_1samp',
    (_i, c) => {
      const got = equivalenceTest(c.differences, { low: c.low, high: c.high });
      expect(closeRelative(got.pvalueLow!, c.pvalueLow, 1e-9)).toBe(true);
      expect(closeRelative(got.pvalueHigh!, c.pvalueHigh, 1e-9)).toBe(true);
      expect(got.pvalue).toBe(Math.max(got.pvalueLow!, got.pvalueHigh!));
      expect(got.passed).toBe(Math.max(c.pvalueLow, c.pvalueHigh) < 0.05);
    },
  );

  test('fewer than two differences: undefined, not passed', () => {
    expect(equivalenceTest([0.01, null], { low: -0.1, high: 0.1 })).toMatchObject({
      pvalue: null,
      passed: false,
      n: 1,
    });
  });

  test('identical differences: t is infinite, as scipy (p 0 inside the bounds)', () => {
    const got = equivalenceTest([0, 0, 0], { low: -0.1, high: 0.1 });
    expect(got).toMatchObject({ pvalueLow: 0, pvalueHigh: 0, passed: true });
  });

  test('refuses bounds out of order', () => {
    expect(() => equivalenceTest([1, 2], { low: 0.1, high: -0.1 })).toThrow(/low < high/);
  });
});

describe('nonInferiorityTest', () => {
  test.each(reference.noninferiority.map((c, i) => [i, c] as const))(
    'case %i matches one-sided ttest_1samp at the margin',
    (_i, c) => {
      const got = nonInferiorityTest(c.differences, { margin: c.margin, direction: c.direction });
      expect(closeRelative(got.pvalue!, c.pvalue, 1e-9)).toBe(true);
      expect(got.passed).toBe(c.pvalue < 0.05);
    },
  );

  test('hand-computed: differences 0, 0.1, -0.1, 0.2 against a margin of 0.2, higher better', () => {
    // mean 0.05, sd sqrt(((-.05)^2 + .05^2 + (-.15)^2 + .15^2) / 3) = sqrt(0.05 / 3) = 0.129099;
    // t = (0.05 + 0.2) / (0.129099 / 2) = 3.872983 on 3 df: P(T >= t) = 0.015233 (scipy t.sf)
    const got = nonInferiorityTest([0, 0.1, -0.1, 0.2], { margin: 0.2, direction: 'higher' });
    expect(got.pvalue).toBeCloseTo(0.015233, 5);
    expect(got.passed).toBe(true);
  });

  test('refuses a margin that is not positive', () => {
    expect(() => nonInferiorityTest([1, 2], { margin: 0, direction: 'higher' })).toThrow(/margin/);
  });
});
