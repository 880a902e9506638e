import { invalidOption } from '../core/index.js';
import { normalQuantile, normalSf } from './normal.js';
import { checkNumber, criticalValues, type PowerOptions } from './power-options.js';
import type { SequentialDesign } from './sequential.js';
import { exitAbove, exitBelow, firstDensity, type GridDensity, nextDensity } from './sequential-grid.js';

/**
 * The drift (the mean of Z at the last look) at the effect a fixed design of this level detects
 * with this power: z_{1-alpha/s} + z_power, the effect the plan is powered for.
 *
 * @example
 * plannedDrift({ alpha: 0.05, sided: 'one' }); // 1.644854 + 0.841621 = 2.486475
 */
export function plannedDrift(options: PowerOptions): number {
  const { zAlpha, zPower } = criticalValues(options);
  return zAlpha + zPower;
}

/**
 * The non-binding futility rule: at each look but the last, stop when the conditional power under
 * the planned drift `drift` (the mean of Z at the last look under the effect the plan is powered
 * for) falls below `threshold`. With B = Z sqrt(t), the chance of ending at or above the last
 * boundary c_K from here is Q((c_K - B - drift (1 - t)) / sqrt(1 - t)) (Lan & Wittes 1988, "The
 * B-value", Biometrics 44:579-585), so the rule is Z_k < f_k with
 *   f_k = (c_K - drift (1 - t_k) - sqrt(1 - t_k) z_{1 - threshold}) / sqrt(t_k).
 * Non-binding: the success boundaries are computed without it, so ignoring it never raises the
 * false acceptance; obeying it only lowers it. `null` at the last look (its boundary decides).
 *
 * @example
 * futilityBoundaries(sequentialBoundaries({ looks: 5, alpha: 0.1 }), { drift: 2.486, threshold: 0.1 });
 * // [-3.121, -1.178, -0.084, 0.748, null]
 */
export function futilityBoundaries(
  design: SequentialDesign,
  options: { drift: number; threshold: number },
): (number | null)[] {
  const drift = checkNumber('drift', options.drift, 0, false);
  const { threshold } = options;
  if (typeof threshold !== 'number' || !(threshold > 0 && threshold < 1)) {
    throw invalidOption('threshold', 'a number between 0 and 1', threshold);
  }
  const last = design.z[design.looks - 1]!;
  const zGamma = -normalQuantile(threshold);
  return design.fractions.map((t, k) =>
    k === design.looks - 1 ? null : (last - drift * (1 - t) - Math.sqrt(1 - t) * zGamma) / Math.sqrt(t),
  );
}

/** What a design does at one true drift: per look, the chance of each way of stopping. */
export interface SequentialOutcome {
  /** P(stop for success at look k): Z_k >= z[k], not stopped before. */
  success: number[];
  /** P(stop for harm at look k): Z_k <= -z[k]. */
  harm: number[];
  /** P(stop for futility at look k); at the last look, ending with no verdict. */
  futile: number[];
  /** The sum of `success`. */
  power: number;
  /** The expected information fraction at stopping: the expected spend over the fixed design's. */
  expectedFraction: number;
}

/**
 * The operating characteristics of a design (and its futility rule, when given) at the true drift
 * `drift`, the mean of Z at the last look (0: the null), by the same recursion as the boundaries.
 * A futility boundary at or below -z[k] adds nothing to the harm boundary there.
 *
 * @example
 * const design = sequentialBoundaries({ looks: 5, alpha: 0.1 });
 * sequentialOutcome(design, { drift: 2.486 }).power;            // 0.788
 * sequentialOutcome(design, { drift: 2.486 }).expectedFraction; // 0.786
 */
export function sequentialOutcome(
  design: SequentialDesign,
  options: { drift: number; futility?: readonly (number | null)[] },
): SequentialOutcome {
  const drift = checkNumber('drift', options.drift, Number.NEGATIVE_INFINITY, false);
  const futility = options.futility ?? design.z.map(() => null);
  if (futility.length !== design.looks) {
    throw invalidOption('futility', `a list of ${design.looks} boundaries`, futility);
  }
  const success: number[] = [];
  const harm: number[] = [];
  const futile: number[] = [];
  let density: GridDensity | null = null;
  for (let k = 0; k < design.looks; k++) {
    const t = design.fractions[k]!;
    const dt = t - (k === 0 ? 0 : design.fractions[k - 1]!);
    const root = Math.sqrt(t);
    const upper = design.z[k]! * root;
    const harmBound = -upper;
    const fut = futility[k];
    const lower =
      k === design.looks - 1 || fut === null || fut === undefined
        ? harmBound
        : Math.min(upper, Math.max(harmBound, fut * root));
    // P(B_k >= x) over the paths still running, the first look from the point mass at 0.
    const above = (x: number) =>
      density === null ? normalSf((x - drift * t) / root) : exitAbove(density, x, dt, drift);
    const below = (x: number) =>
      density === null ? normalSf((drift * t - x) / root) : exitBelow(density, x, dt, drift);
    success.push(above(upper));
    harm.push(below(harmBound));
    if (k === design.looks - 1) {
      futile.push(Math.max(0, (density === null ? 1 : massOf(density)) - success[k]! - harm[k]!));
      break;
    }
    futile.push(lower > harmBound ? below(lower) - harm[k]! : 0);
    if (lower >= upper) break; // nothing continues
    density =
      density === null ? firstDensity(lower, upper, t, drift) : nextDensity(density, lower, upper, dt, drift);
  }
  while (success.length < design.looks) {
    success.push(0);
    harm.push(0);
    futile.push(0);
  }
  const stopped = design.fractions.map((t, k) => t * (success[k]! + harm[k]! + futile[k]!));
  return {
    success,
    harm,
    futile,
    power: success.reduce((a, b) => a + b, 0),
    expectedFraction: stopped.reduce((a, b) => a + b, 0),
  };
}

function massOf(density: GridDensity): number {
  return density.mass.reduce((a, b) => a + b, 0);
}
