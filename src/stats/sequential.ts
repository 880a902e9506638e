import { invalidOption } from '../core/index.js';
import { normalQuantile } from './normal.js';
import { checkNumber } from './power-options.js';
import { exitAbove, firstDensity, type GridDensity, nextDensity } from './sequential-grid.js';
import { alphaSpent, SPENDINGS, type Spending } from './spending.js';

export type { Spending } from './spending.js';

export interface SequentialOptions {
  /** Analyses, the last one included, at equally spaced information fractions k / looks (1 to 50). */
  looks: number;
  /** The two-sided level the whole design spends (each side alpha / 2). */
  alpha: number;
  /** Lan-DeMets spending function; default `obrien-fleming`. */
  spending?: Spending;
}

/** A two-sided symmetric group-sequential design: stop at look k when |Z_k| >= z[k]. */
export interface SequentialDesign {
  looks: number;
  alpha: number;
  spending: Spending;
  /** Information fraction of each look, k / looks. */
  fractions: number[];
  /** The z boundary of each look. */
  z: number[];
  /** The two-sided level spent by each look, cumulative (the last is alpha). */
  spent: number[];
}

const MAX_LOOKS = 50;

/** The options validated by name, before any work. */
export function checkSequentialOptions(options: SequentialOptions): Required<SequentialOptions> {
  const { looks } = options;
  if (typeof looks !== 'number' || !Number.isInteger(looks) || looks < 1 || looks > MAX_LOOKS) {
    throw invalidOption('looks', `an integer from 1 to ${MAX_LOOKS}`, looks);
  }
  const alpha = checkNumber('alpha', options.alpha, 0, true);
  if (alpha >= 1) throw invalidOption('alpha', 'a number between 0 and 1', alpha);
  const spending = options.spending ?? 'obrien-fleming';
  if (!SPENDINGS.includes(spending)) {
    throw invalidOption('spending', `one of ${SPENDINGS.map((s) => `'${s}'`).join(', ')}`, spending);
  }
  return { looks, alpha, spending };
}

// The boundary whose two-sided exit chance from `previous` (drift 0, so twice one side) is `target`.
function solveBoundary(previous: GridDensity, t: number, dt: number, target: number): number {
  let low = 0;
  let high = 40;
  for (let i = 0; i < 100 && high - low > 1e-12; i++) {
    const mid = (low + high) / 2;
    if (2 * exitAbove(previous, mid * Math.sqrt(t), dt, 0) > target) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/**
 * The z boundaries of a two-sided symmetric group-sequential test with Lan-DeMets alpha spending
 * at equally spaced looks: look k stops when |Z_k| >= z[k], and the chance of stopping by look k
 * under the null is the spending function at k / looks. Each boundary solves that chance by the
 * Armitage-McPherson-Rowe recursion (`sequential-grid.ts`), to ~1e-5 of scipy's multivariate
 * normal (test/stats/reference/generate-sequential.py). One look is the fixed design, z_{1-alpha/2}.
 *
 * @example
 * sequentialBoundaries({ looks: 5, alpha: 0.05 }).z;
 * // [4.877, 3.357, 2.680, 2.290, 2.031] (O'Brien-Fleming-like, as ldbounds and gsDesign give)
 * sequentialBoundaries({ looks: 5, alpha: 0.05, spending: 'pocock' }).z;
 * // [2.438, 2.427, 2.410, 2.397, 2.386]
 */
export function sequentialBoundaries(options: SequentialOptions): SequentialDesign {
  const { looks, alpha, spending } = checkSequentialOptions(options);
  const fractions = Array.from({ length: looks }, (_, k) => (k + 1) / looks);
  const spent = fractions.map((t) => alphaSpent(spending, t, alpha));
  const z: number[] = [-normalQuantile(spent[0]! / 2)];
  let density: GridDensity | null = null;
  for (let k = 1; k < looks; k++) {
    const before = fractions[k - 1]!;
    const bound = z[k - 1]! * Math.sqrt(before);
    density =
      density === null
        ? firstDensity(-bound, bound, before, 0)
        : nextDensity(density, -bound, bound, before - fractions[k - 2]!, 0);
    const dt = fractions[k]! - before;
    z.push(solveBoundary(density, fractions[k]!, dt, spent[k]! - spent[k - 1]!));
  }
  return { looks, alpha, spending, fractions, z, spent };
}
