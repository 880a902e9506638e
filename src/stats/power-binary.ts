// Power of the test behind the report's 0/1 rows: McNemar's test on the discordant pairs. With
// psi the discordant share (tasks whose outcome differs between arms) and d the difference of the
// arms' success shares (candidate-only minus baseline-only, over all tasks), Connor's normal
// approximation (Connor 1987, "Sample size for testing differences in proportions for the
// paired-sample design", Biometrics 43:207-211) needs
//   n = (z_{1-alpha/s} * sqrt(psi) + z_power * sqrt(psi - d^2))^2 / d^2
// pairs. It is the asymptotic test's; the exact test the report runs is conservative at small
// counts (at 30 tasks, Connor's 0.8 is 0.69 in bench/power.ts), so by default the power is the
// exact test's under the same model (mcnemar-power.ts), and the MDE and n are read from it.
// psi is held fixed: take it from a pilot or an A/A run of the arms that will be compared.
import { invalidOption } from '../core/index.js';
import { mcnemarExactPower, rejectionThresholds } from './mcnemar-power.js';
import { normalCdf } from './normal.js';
import {
  checkNumber,
  checkShare,
  checkUnits,
  criticalValues,
  type PowerOptions,
  type Sided,
} from './power-options.js';

/** `exact` (default): the exact test's power; `connor`: Connor's normal approximation. */
export type BinaryMethod = 'exact' | 'connor';

export interface BinaryMdeOptions extends PowerOptions {
  /**
   * The share of tasks whose 0/1 outcome differs between the arms, (b + c) / n in McNemar's terms,
   * from a pilot; `null` or `undefined` when unknown.
   */
  discordantRate: number | null | undefined;
  /** Paired units: the tasks both arms will define. */
  n: number;
  method?: BinaryMethod;
}

export interface BinaryTasksNeededOptions extends PowerOptions {
  discordantRate: number | null | undefined;
  /** The difference of success shares to detect, above 0 (at most `discordantRate`). */
  effect: number;
  method?: BinaryMethod;
}

export interface BinaryPowerAtOptions {
  discordantRate: number | null | undefined;
  n: number;
  /** The true difference of success shares in the tested direction, at least 0. */
  effect: number;
  alpha: number;
  sided?: Sided;
  method?: BinaryMethod;
}

// Past this many tasks tasksNeededBinary gives Connor's n: the exact scan would cost seconds, and
// with hundreds of discordant tasks the two agree to a fraction of a point of power.
const EXACT_SCAN = 1000;

function checkMethod(method: unknown): BinaryMethod {
  const value = method ?? 'exact';
  if (value !== 'exact' && value !== 'connor')
    throw invalidOption('method', "one of 'exact', 'connor'", value);
  return value;
}

function connorMde(psi: number, n: number, a: number, b: number): number | null {
  // Below n = z_a^2 even d = sqrt(psi) falls short: the equation has no root.
  if (n < a * a) return null;
  const d = (Math.sqrt(psi) * (a * Math.sqrt(n) + b * Math.sqrt(n + b * b - a * a))) / (n + b * b);
  return d <= psi ? d : null;
}

/**
 * The smallest difference of success shares d that n paired tasks detect with the given power,
 * for a 0/1 row (McNemar), from the pilot's discordant share psi. `exact` (default): the d at
 * which the exact test's power reaches the target (bisection, 1e-12); `connor`: Connor's formula
 * solved for d, sqrt(psi) * (z_a * sqrt(n) + z_b * sqrt(n + z_b^2 - z_a^2)) / (n + z_b^2).
 * `null` when psi is unknown or 0 (a pilot with no discordant task says nothing), when n < 2, or
 * when no d up to psi (every discordant task going the candidate's way) reaches the power.
 *
 * @example
 * minimumDetectableEffectBinary({ discordantRate: 0.3, n: 60, alpha: 0.05, sided: 'one', method: 'connor' });
 * // sqrt(0.3) * (1.644854 * sqrt(60) + 0.841621 * sqrt(60 + 0.708326 - 2.705543)) / 60.708326 = 0.172782
 * minimumDetectableEffectBinary({ discordantRate: 0.3, n: 60, alpha: 0.05, sided: 'one' }); // exact: 0.181160
 */
export function minimumDetectableEffectBinary(options: BinaryMdeOptions): number | null {
  const { zAlpha: a, zPower: b } = criticalValues(options);
  const n = checkUnits('n', options.n);
  const method = checkMethod(options.method);
  if (options.discordantRate === null || options.discordantRate === undefined) return null;
  const psi = checkShare('discordantRate', options.discordantRate);
  if (psi === 0 || n < 2) return null;
  if (method === 'connor') return connorMde(psi, n, a, b);
  const target = options.power ?? 0.8;
  const thresholds = rejectionThresholds(n, options.alpha, options.sided ?? 'two');
  const power = (d: number) => mcnemarExactPower(n, psi, d, thresholds);
  if (power(psi) < target) return null;
  let lo = 0;
  let hi = psi;
  while (hi - lo > 1e-12 * psi) {
    const mid = (lo + hi) / 2;
    if (power(mid) >= target) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * The smallest number of paired tasks that detect `effect` with the given power. `exact`
 * (default): the smallest n whose exact power reaches the target (the exact power is not monotone
 * in n; a few more tasks can dip below it again), Connor's n past 1000 tasks; `connor`: Connor's n
 * rounded up. At least 2; `null` when psi is unknown or 0, or the effect exceeds it (more tasks
 * change hands than differ); `Infinity` past 2^53 tasks.
 *
 * @example
 * tasksNeededBinary({ discordantRate: 0.3, effect: 0.15, alpha: 0.05, sided: 'one', method: 'connor' });
 * // (1.644854 * sqrt(0.3) + 0.841621 * sqrt(0.3 - 0.0225))^2 / 0.0225 = 80.31 -> 81
 */
export function tasksNeededBinary(options: BinaryTasksNeededOptions): number | null {
  const { zAlpha: a, zPower: b } = criticalValues(options);
  const effect = checkNumber('effect', options.effect, 0, true);
  const method = checkMethod(options.method);
  if (options.discordantRate === null || options.discordantRate === undefined) return null;
  const psi = checkShare('discordantRate', options.discordantRate);
  if (psi === 0 || effect > psi) return null;
  const fits = (n: number) => {
    const d = connorMde(psi, n, a, b);
    return d !== null && d <= effect;
  };
  let n = Math.max(
    2,
    Math.ceil((a * Math.sqrt(psi) + b * Math.sqrt(psi - effect * effect)) ** 2 / effect ** 2),
  );
  if (!Number.isSafeInteger(n)) return Number.POSITIVE_INFINITY;
  // The closed form's rounding, made exact against the function it inverts.
  while (n > 2 && fits(n - 1)) n--;
  while (!fits(n)) n++;
  if (method === 'connor' || n > EXACT_SCAN) return n;
  const target = options.power ?? 0.8;
  const sided = options.sided ?? 'two';
  // The thresholds cost O(m) each: first as far as twice Connor's n, all the way only if needed.
  let limit = Math.min(EXACT_SCAN, 2 * n + 10);
  let thresholds = rejectionThresholds(limit, options.alpha, sided);
  for (let tasks = 2; tasks <= EXACT_SCAN; tasks++) {
    if (tasks > limit) {
      limit = EXACT_SCAN;
      thresholds = rejectionThresholds(limit, options.alpha, sided);
    }
    if (mcnemarExactPower(tasks, psi, effect, thresholds) >= target) return tasks;
  }
  return Math.max(n, EXACT_SCAN + 1);
}

/**
 * The chance that n paired tasks give a significant 0/1 row when the arms' success shares differ
 * by `effect` with discordant share psi. `exact` (default): the exact test's power; `connor`:
 * Phi((d * sqrt(n) - z_{1-alpha/s} * sqrt(psi)) / sqrt(psi - d^2)). `null` when psi is unknown,
 * n < 2, or d > psi (impossible); psi 0 gives 0 (McNemar with no discordant pair gives p = 1).
 *
 * @example
 * powerAtEffectBinary({ discordantRate: 0.3, n: 60, effect: 0.15, alpha: 0.05, sided: 'one', method: 'connor' });
 * // Phi((0.15 * sqrt(60) - 1.644854 * sqrt(0.3)) / sqrt(0.2775)) = Phi(0.495407) = 0.6898
 */
export function powerAtEffectBinary(options: BinaryPowerAtOptions): number | null {
  const { zAlpha: a } = criticalValues({ alpha: options.alpha, sided: options.sided });
  const n = checkUnits('n', options.n);
  const effect = checkNumber('effect', options.effect, 0, false);
  const method = checkMethod(options.method);
  if (options.discordantRate === null || options.discordantRate === undefined) return null;
  const psi = checkShare('discordantRate', options.discordantRate);
  if (n < 2 || effect > psi) return null;
  if (psi === 0) return 0;
  if (method === 'exact') {
    return mcnemarExactPower(n, psi, effect, rejectionThresholds(n, options.alpha, options.sided ?? 'two'));
  }
  const spread = psi - effect * effect;
  const numerator = effect * Math.sqrt(n) - a * Math.sqrt(psi);
  // psi = d = 1: every task flips the candidate's way, a sure outcome.
  if (spread === 0) return numerator > 0 ? 1 : 0;
  return normalCdf(numerator / Math.sqrt(spread));
}
