// Power of the margin tests (`equivalence.ts`): the paired t-test at a non-inferiority margin, and
// TOST within plus or minus a margin. The normal approximation of a one-sided one-sample t test,
//   power = Phi((margin + difference) * sqrt(n') / sd - z_{1-alpha})      (non-inferiority),
//   power = Phi((margin - d) sqrt(n') / sd - z) + Phi((margin + d) sqrt(n') / sd - z) - 1   (TOST),
// (Chow, Shao & Wang 2008, Sample Size Calculations in Clinical Research, §3.1.2-3.1.3; the TOST
// form is the Bonferroni-like lower bound of the two tests both rejecting), with Guenther's (1981)
// small-sample correction n' = n - z_{1-alpha}^2 / 2 for the t quantile's heavier tails. Against
// scipy's exact powers (the noncentral t for non-inferiority, the integral over the sample sd for
// TOST: test/stats/reference/generate-margin-power.py) the tasks it asks for are the exact
// smallest number or one off either way; one short, the exact power there is within 1.5 points of
// the target (0.787 for 80% at 5 tasks, the worst of ten cases), and the power it states is within
// 3 points of the exact one (0.816 for 0.787 there; within 1 point from 25 tasks).

import { invalidOption } from '../core/index.js';
import { normalCdf } from './normal.js';
import { checkNumber, checkUnits, criticalValues } from './power-options.js';

export interface MarginPowerOptions {
  /** The sd of the per-task paired differences; `null` or `undefined` when unknown. */
  sd: number | null | undefined;
  /** The margin the test is at, above 0. */
  margin: number;
  /** The test's level (one-sided, each side for TOST). */
  alpha: number;
  test: 'non-inferiority' | 'equivalence';
  /**
   * The true mean paired difference planned for (default 0: the systems truly alike), in the
   * row's better direction for non-inferiority; its size, below the margin, for equivalence.
   */
  difference?: number;
}

function prepared(options: MarginPowerOptions) {
  const margin = checkNumber('margin', options.margin, 0, true);
  const difference = options.difference ?? 0;
  if (options.test !== 'non-inferiority' && options.test !== 'equivalence')
    throw invalidOption('test', "one of 'non-inferiority', 'equivalence'", options.test);
  if (!Number.isFinite(difference) || (options.test === 'equivalence' && Math.abs(difference) >= margin))
    throw invalidOption(
      'difference',
      'a finite number (under the margin in size for equivalence)',
      difference,
    );
  const { zAlpha } = criticalValues({ alpha: options.alpha, sided: 'one' });
  return { margin, difference, zAlpha, lost: (zAlpha * zAlpha) / 2 };
}

/**
 * The chance that n paired tasks pass the margin test when the true mean paired difference is
 * `difference` (default 0). `null` when `sd` is unknown or n < 2; with sd 0 every difference is
 * the true one: 1 when it is inside the margin, else 0.
 *
 * @example
 * marginPower({ sd: 1, margin: 0.5, n: 30, alpha: 0.05, test: 'non-inferiority' });
 * // Phi(0.5 * sqrt(30 - 1.644854^2 / 2) / 1 - 1.644854) = Phi(1.031303) = 0.8488
 */
export function marginPower(options: MarginPowerOptions & { n: number }): number | null {
  const { margin, difference, zAlpha, lost } = prepared(options);
  const n = checkUnits('n', options.n);
  if (options.sd === null || options.sd === undefined || n < 2) return null;
  const sd = checkNumber('sd', options.sd, 0, false);
  const toNear = margin + difference;
  const toFar = margin - difference;
  if (sd === 0) return toNear > 0 && (options.test === 'non-inferiority' || toFar > 0) ? 1 : 0;
  const root = Math.sqrt(Math.max(0, n - lost)) / sd;
  const side = (distance: number) => normalCdf(distance * root - zAlpha);
  if (options.test === 'non-inferiority') return side(toNear);
  return Math.max(0, side(toNear) + side(toFar) - 1);
}

/**
 * The smallest number of paired tasks whose `marginPower` is at least `power` (default 0.8), from
 * 2. `null` when `sd` is unknown; `Infinity` when no count up to 2^31 reaches it.
 *
 * @example
 * marginTasksNeeded({ sd: 1, margin: 0.5, alpha: 0.05, test: 'non-inferiority' });
 * // (1.644854 + 0.841621)^2 / 0.25 + 1.352772 = 26.08 -> 27
 */
export function marginTasksNeeded(options: MarginPowerOptions & { power?: number }): number | null {
  const { margin, difference, zAlpha, lost } = prepared(options);
  const { zPower } = criticalValues({ alpha: options.alpha, sided: 'one', power: options.power ?? 0.8 });
  const target = options.power ?? 0.8;
  if (options.sd === null || options.sd === undefined) return null;
  const sd = checkNumber('sd', options.sd, 0, false);
  // A true difference at or past the margin on the worse side: no count of tasks shows it no worse.
  if (margin + difference <= 0) return Number.POSITIVE_INFINITY;
  const reaches = (n: number) => (marginPower({ ...options, n }) ?? 0) >= target;
  // The closed form for non-inferiority (TOST needs more), then exact against the function.
  const guess = (((zAlpha + zPower) * sd) / (margin + difference)) ** 2 + lost;
  let low = Math.max(2, Math.floor(guess));
  if (reaches(low)) {
    while (low > 2 && reaches(low - 1)) low--;
    return low;
  }
  let high = low * 2;
  while (!reaches(high)) {
    if (high > 2 ** 31) return Number.POSITIVE_INFINITY;
    low = high;
    high *= 2;
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (reaches(middle)) high = middle;
    else low = middle;
  }
  return high;
}
