import { sampleStandardDeviation } from 'simple-statistics';
import { invalidOption } from '../core/index.js';
import { definedValues, type MaybeNumber, mean as meanOf } from './defined.js';
import { studentTSf } from './student-t.js';

export interface EquivalenceOptions {
  /** The equivalence bounds on the mean difference, low < high (e.g. -0.05 and 0.05). */
  low: number;
  high: number;
  /** Level of each one-sided test (default 0.05). */
  alpha?: number;
}

export interface NonInferiorityOptions {
  /** How much worse the candidate may be, > 0, in the metric's units. */
  margin: number;
  /** Which way is better for the metric. */
  direction: 'higher' | 'lower';
  alpha?: number;
}

export interface MarginResult {
  /** Mean of the defined differences; `null` with fewer than two. */
  mean: number | null;
  /** The p-value of the verdict (TOST: the larger of the two one-sided p-values). */
  pvalue: number | null;
  /** True when `pvalue < alpha`: equivalent, or no worse than the margin. */
  passed: boolean;
  n: number;
}

export interface EquivalenceResult extends MarginResult {
  /** One-sided p against the lower bound (H0: mean <= low) and the upper (H0: mean >= high). */
  pvalueLow: number | null;
  pvalueHigh: number | null;
}

function checkedAlpha(alpha: number | undefined): number {
  const value = alpha ?? 0.05;
  if (typeof value !== 'number' || !(value > 0 && value < 0.5)) {
    throw invalidOption('alpha', 'a number between 0 and 0.5', value);
  }
  return value;
}

// scipy.stats.ttest_1samp(d, popmean, alternative='greater'|'less').pvalue, with its edge cases: a
// zero standard deviation gives t = +-inf (p 0 or 1), or NaN (null) when the mean is the bound.
function oneSided(
  values: readonly number[],
  popmean: number,
  alternative: 'greater' | 'less',
): number | null {
  const n = values.length;
  const mean = meanOf(values)!;
  const se = sampleStandardDeviation(values as number[]) / Math.sqrt(n);
  const t = (mean - popmean) / se;
  if (Number.isNaN(t)) return null;
  return alternative === 'greater' ? studentTSf(t, n - 1) : studentTSf(-t, n - 1);
}

/**
 * Two one-sided paired t-tests (TOST): the mean difference lies inside (low, high) when both
 * `ttest_1samp(d, low, alternative='greater')` and `ttest_1samp(d, high, alternative='less')` reject
 * at `alpha`; the verdict's p is the larger. Fewer than two defined differences: all `null`.
 *
 * @example
 * equivalenceTest([0.01, -0.02, 0.0, 0.02, -0.01], { low: -0.05, high: 0.05 }); // passed: true
 */
export function equivalenceTest(
  differences: Iterable<MaybeNumber>,
  options: EquivalenceOptions,
): EquivalenceResult {
  const alpha = checkedAlpha(options.alpha);
  if (!(Number.isFinite(options.low) && Number.isFinite(options.high) && options.low < options.high)) {
    throw invalidOption('low/high', 'two finite bounds with low < high', [options.low, options.high]);
  }
  const values = definedValues(differences);
  const n = values.length;
  if (n < 2) return { mean: null, pvalue: null, pvalueLow: null, pvalueHigh: null, passed: false, n };
  const pvalueLow = oneSided(values, options.low, 'greater');
  const pvalueHigh = oneSided(values, options.high, 'less');
  const pvalue = pvalueLow === null || pvalueHigh === null ? null : Math.max(pvalueLow, pvalueHigh);
  const mean = meanOf(values);
  return { mean, pvalue, pvalueLow, pvalueHigh, passed: pvalue !== null && pvalue < alpha, n };
}

/**
 * One-sided paired t-test at a margin: for a metric where higher is better, H0 is mean <= -margin
 * (`ttest_1samp(d, -margin, alternative='greater')`); where lower is better, H0 is mean >= margin
 * (`ttest_1samp(d, margin, alternative='less')`). Passed means "no worse than the margin".
 *
 * @example
 * nonInferiorityTest([0, 0.1, -0.05, 0, 0.05], { margin: 0.1, direction: 'higher' }); // passed: true
 */
export function nonInferiorityTest(
  differences: Iterable<MaybeNumber>,
  options: NonInferiorityOptions,
): MarginResult {
  const alpha = checkedAlpha(options.alpha);
  if (!(Number.isFinite(options.margin) && options.margin > 0)) {
    throw invalidOption('margin', 'a finite number > 0', options.margin);
  }
  if (options.direction !== 'higher' && options.direction !== 'lower') {
    throw invalidOption('direction', "one of 'higher', 'lower'", options.direction);
  }
  const values = definedValues(differences);
  const n = values.length;
  if (n < 2) return { mean: null, pvalue: null, passed: false, n };
  const pvalue =
    options.direction === 'higher'
      ? oneSided(values, -options.margin, 'greater')
      : oneSided(values, options.margin, 'less');
  const mean = meanOf(values);
  return { mean, pvalue, passed: pvalue !== null && pvalue < alpha, n };
}
