// Power of the test behind the report's continuous rows: the Wilcoxon signed-rank on the per-task
// paired differences. The normal approximation for a paired (one-sample) mean,
//   MDE = (z_{1-alpha/s} + z_power) * sd / sqrt(n)        (e.g. Chow, Shao & Wang 2008, §3.1),
// is the t test's; the signed-rank's Pitman efficiency against it is 3/pi on normal differences
// (Hodges & Lehmann 1956, Ann. Math. Statist. 27:324-335), so it needs pi/3 times the pairs and its
// MDE is sqrt(pi/3) ~ 1.023 times larger (the ARE method: Lehmann 1975, Nonparametrics; G*Power's
// "A.R.E." option). The factor assumes near-normal differences. Heavier tails favour the
// signed-rank (ARE above 3/pi), so the figure is then conservative; the worst any symmetric
// continuous shape does is ARE 0.864, an MDE 5% above this one. Tied, discrete differences are
// outside the theory: bench/power.ts measures the formula against the real test code.

import { normalCdf } from './normal.js';
import {
  checkNumber,
  checkUnits,
  criticalValues,
  criticalZ,
  type PowerOptions,
  type Sided,
} from './power-options.js';

const WILCOXON_FACTOR = Math.sqrt(Math.PI / 3);

export interface MdeOptions extends PowerOptions {
  /**
   * The sd of the per-task paired differences (candidate - baseline; each task's mean over the K
   * repeats the run will use: see `repeatedSd`). `null` or `undefined` when unknown.
   */
  sd: number | null | undefined;
  /** Paired units: the tasks both arms will define. */
  n: number;
}

export interface TasksNeededOptions extends PowerOptions {
  sd: number | null | undefined;
  /** The true mean paired difference to detect, above 0. */
  effect: number;
}

export interface PowerAtOptions {
  sd: number | null | undefined;
  n: number;
  /** The true mean paired difference in the tested direction, at least 0. */
  effect: number;
  alpha: number;
  sided?: Sided;
}

/**
 * The smallest true mean paired difference that n paired tasks detect with the given power, for a
 * continuous row (Wilcoxon signed-rank): (z_{1-alpha/s} + z_power) * sd / sqrt(n) * sqrt(pi/3).
 * `null` when `sd` is unknown or n < 2 (no test); sd 0 gives 0. Two-sided, the far tail's
 * rejections are not counted (standard, and negligible at any power worth planning for).
 *
 * @example
 * minimumDetectableEffect({ sd: 0.3, n: 30, alpha: 0.05, sided: 'one' });
 * // (1.644854 + 0.841621) * 0.3 / sqrt(30) * 1.023327 = 0.139367
 */
export function minimumDetectableEffect(options: MdeOptions): number | null {
  const { zAlpha, zPower } = criticalValues(options);
  const n = checkUnits('n', options.n);
  if (options.sd === null || options.sd === undefined) return null;
  const sd = checkNumber('sd', options.sd, 0, false);
  if (n < 2) return null;
  return ((zAlpha + zPower) * sd * WILCOXON_FACTOR) / Math.sqrt(n);
}

/**
 * The smallest number of paired tasks whose `minimumDetectableEffect` is at most `effect` (at
 * least 2); `null` when `sd` is unknown; `Infinity` past 2^53 tasks.
 *
 * @example
 * tasksNeeded({ sd: 0.3, effect: 0.1, alpha: 0.05, sided: 'one' });
 * // (2.486475 * 0.3 * 1.023327 / 0.1)^2 = 58.27 -> 59
 */
export function tasksNeeded(options: TasksNeededOptions): number | null {
  const { zAlpha, zPower } = criticalValues(options);
  const effect = checkNumber('effect', options.effect, 0, true);
  if (options.sd === null || options.sd === undefined) return null;
  const sd = checkNumber('sd', options.sd, 0, false);
  const mde = (n: number) => minimumDetectableEffect({ ...options, n }) as number;
  let n = Math.max(2, Math.ceil((((zAlpha + zPower) * sd * WILCOXON_FACTOR) / effect) ** 2));
  if (!Number.isSafeInteger(n)) return Number.POSITIVE_INFINITY;
  // The closed form's rounding, made exact against the function it inverts.
  while (n > 2 && mde(n - 1) <= effect) n--;
  while (mde(n) > effect) n++;
  return n;
}

/**
 * The chance that n paired tasks give a significant continuous row when the true mean paired
 * difference is `effect`: Phi(effect * sqrt(n) / (sd * sqrt(pi/3)) - z_{1-alpha/s}), the inverse
 * of `minimumDetectableEffect`. `null` when `sd` is unknown or n < 2. With sd 0 every difference
 * is the effect: 1 above 0, and 0 at 0 (all-zero differences give p = 1).
 *
 * @example
 * powerAtEffect({ sd: 0.3, n: 30, effect: 0.1, alpha: 0.05, sided: 'one' });
 * // Phi(0.1 * sqrt(30) / 0.306998 - 1.644854) = Phi(0.139270) = 0.5554
 */
export function powerAtEffect(options: PowerAtOptions): number | null {
  const zAlpha = criticalZ(options.alpha, options.sided);
  const n = checkUnits('n', options.n);
  const effect = checkNumber('effect', options.effect, 0, false);
  if (options.sd === null || options.sd === undefined) return null;
  const sd = checkNumber('sd', options.sd, 0, false);
  if (n < 2) return null;
  if (sd === 0) return effect > 0 ? 1 : 0;
  return normalCdf((effect * Math.sqrt(n)) / (sd * WILCOXON_FACTOR) - zAlpha);
}
