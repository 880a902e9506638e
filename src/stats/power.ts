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
//
// Small samples. The normal approximation forgets that the t test's quantiles have heavier tails:
// Guenther (1981, "Sample size formulas for normal theory t tests", Amer. Statist. 35:243-244)
// adds z_a^2 / 2 pairs to the t test's n, so the signed-rank needs (pi/3) * (n_z + z_a^2 / 2) and n
// tasks count as n - (pi/3) * z_a^2 / 2 in the formula above. Against the real test (normal
// differences, 4000 runs) the plain formula's power at its own MDE is 0.74 at n = 12 and 0.78 at
// n = 30 (one-sided 0.05; at 0.0125: 0.66 and 0.77); with the correction 0.79 and 0.79 (0.77,
// 0.81). And the exact test has a floor: n non-zero differences reach p = 2^-n at best (twice
// that two-sided), so below log2(1/alpha) tasks nothing is detectable at all.

import { invalidOption } from '../core/index.js';
import { normalCdf } from './normal.js';
import { checkNumber, checkUnits, criticalValues, type PowerOptions, type Sided } from './power-options.js';

const WILCOXON_FACTOR = Math.sqrt(Math.PI / 3);

/** `guenther` (default): Guenther's small-sample correction; `none`: the plain normal approximation. */
export type SmallSample = 'guenther' | 'none';

interface Prepared {
  zAlpha: number;
  zPower: number;
  /** The pairs the small-sample correction takes off. */
  lost: number;
  /** The pairs the formula counts for n tasks, `null` when the exact test can never reject. */
  pairs: (n: number) => number | null;
}

function prepare(options: PowerOptions & { smallSample?: SmallSample }): Prepared {
  const { zAlpha, zPower } = criticalValues(options);
  const smallSample = options.smallSample ?? 'guenther';
  if (smallSample !== 'guenther' && smallSample !== 'none') {
    throw invalidOption('smallSample', "one of 'guenther', 'none'", smallSample);
  }
  const tails = (options.sided ?? 'two') === 'two' ? 2 : 1;
  const lost = smallSample === 'guenther' ? ((Math.PI / 3) * (zAlpha * zAlpha)) / 2 : 0;
  const pairs = (n: number) => {
    // The best the exact test does: every difference positive, p = 2^-n (per tail).
    if (n < 2 || tails * 2 ** -n > options.alpha || n - lost <= 0) return null;
    return n - lost;
  };
  return { zAlpha, zPower, lost, pairs };
}

export interface MdeOptions extends PowerOptions {
  /**
   * The sd of the per-task paired differences (candidate - baseline; each task's mean over the K
   * repeats the run will use: see `repeatedSd`). `null` or `undefined` when unknown.
   */
  sd: number | null | undefined;
  /** Paired units: the tasks both arms will define. */
  n: number;
  smallSample?: SmallSample;
}

export interface TasksNeededOptions extends PowerOptions {
  sd: number | null | undefined;
  /** The true mean paired difference to detect, above 0. */
  effect: number;
  smallSample?: SmallSample;
}

export interface PowerAtOptions {
  sd: number | null | undefined;
  n: number;
  /** The true mean paired difference in the tested direction, at least 0. */
  effect: number;
  alpha: number;
  sided?: Sided;
  smallSample?: SmallSample;
}

/**
 * The smallest true mean paired difference that n paired tasks detect with the given power, for a
 * continuous row (Wilcoxon signed-rank): (z_{1-alpha/s} + z_power) * sd * sqrt(pi/3) / sqrt(n'),
 * n' = n - (pi/3) * z_{1-alpha/s}^2 / 2 (Guenther), or n' = n with `smallSample: 'none'`. `null`
 * when `sd` is unknown, n < 2, or the exact test cannot reject at all (2^-n, twice that two-sided,
 * above alpha); sd 0 gives 0. Two-sided, the far tail's rejections are not counted (standard, and
 * negligible at any power worth planning for).
 *
 * @example
 * minimumDetectableEffect({ sd: 0.3, n: 30, alpha: 0.05, sided: 'one' });
 * // n' = 30 - 1.047198 * 1.644854^2 / 2 = 28.583381
 * // (1.644854 + 0.841621) * 0.3 * 1.023327 / sqrt(28.583381) = 0.142779
 * minimumDetectableEffect({ sd: 0.3, n: 30, alpha: 0.05, sided: 'one', smallSample: 'none' }); // 0.139367
 */
export function minimumDetectableEffect(options: MdeOptions): number | null {
  const { zAlpha, zPower, pairs } = prepare(options);
  const n = checkUnits('n', options.n);
  if (options.sd === null || options.sd === undefined) return null;
  const sd = checkNumber('sd', options.sd, 0, false);
  const counted = pairs(n);
  if (counted === null) return null;
  return ((zAlpha + zPower) * sd * WILCOXON_FACTOR) / Math.sqrt(counted);
}

/**
 * The smallest number of paired tasks whose `minimumDetectableEffect` is at most `effect`: the
 * formula's n' plus what the small-sample correction takes off, rounded up, and at least the
 * exact test's floor. `null` when `sd` is unknown; `Infinity` past 2^53 tasks.
 *
 * @example
 * tasksNeeded({ sd: 0.3, effect: 0.1, alpha: 0.05, sided: 'one' });
 * // (2.486475 * 0.3 * 1.023327 / 0.1)^2 + 1.416619 = 59.69 -> 60
 */
export function tasksNeeded(options: TasksNeededOptions): number | null {
  const { zAlpha, zPower, lost, pairs } = prepare(options);
  const effect = checkNumber('effect', options.effect, 0, true);
  if (options.sd === null || options.sd === undefined) return null;
  const sd = checkNumber('sd', options.sd, 0, false);
  const fits = (n: number) => {
    const mde = minimumDetectableEffect({ ...options, n });
    return mde !== null && mde <= effect;
  };
  const needed = (((zAlpha + zPower) * sd * WILCOXON_FACTOR) / effect) ** 2;
  let floor = 2;
  while (pairs(floor) === null && floor < 1100) floor++; // 2^-1075 underflows: no alpha is below it
  let n = Math.max(floor, Math.ceil(needed + lost));
  if (!Number.isSafeInteger(n)) return Number.POSITIVE_INFINITY;
  // The closed form's rounding, made exact against the function it inverts.
  while (n > floor && fits(n - 1)) n--;
  while (!fits(n)) n++;
  return n;
}

/**
 * The chance that n paired tasks give a significant continuous row when the true mean paired
 * difference is `effect`: Phi(effect * sqrt(n') / (sd * sqrt(pi/3)) - z_{1-alpha/s}), the inverse
 * of `minimumDetectableEffect` (n' as there). `null` when `sd` is unknown or n < 2; 0 when the
 * exact test cannot reject at n. With sd 0 every difference is the effect: 1 above 0, and 0 at 0
 * (all-zero differences give p = 1).
 *
 * @example
 * powerAtEffect({ sd: 0.3, n: 30, effect: 0.1, alpha: 0.05, sided: 'one' });
 * // Phi(0.1 * sqrt(28.583381) / 0.306998 - 1.644854) = Phi(0.096637) = 0.5385
 */
export function powerAtEffect(options: PowerAtOptions): number | null {
  const { zAlpha, pairs } = prepare({
    alpha: options.alpha,
    sided: options.sided,
    smallSample: options.smallSample,
  });
  const n = checkUnits('n', options.n);
  const effect = checkNumber('effect', options.effect, 0, false);
  if (options.sd === null || options.sd === undefined) return null;
  const sd = checkNumber('sd', options.sd, 0, false);
  if (n < 2) return null;
  const counted = pairs(n);
  if (counted === null) return 0;
  if (sd === 0) return effect > 0 ? 1 : 0;
  return normalCdf((effect * Math.sqrt(counted)) / (sd * WILCOXON_FACTOR) - zAlpha);
}
