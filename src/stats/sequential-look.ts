import { invalidOption } from '../core/index.js';
import type { SequentialDesign } from './sequential.js';

/** What a look decides: stop with a verdict, stop for futility, or run the next batch. */
export type LookDecision = 'success' | 'harm' | 'futility' | 'continue';

/**
 * The units (tasks) analysed at each of the design's looks over n in all: round(n k / K), the
 * last look all n. A look left with no new unit (n below K) is refused: the looks would not be
 * equally spaced.
 *
 * @example
 * lookSizes(12, 5); // [2, 5, 7, 10, 12]
 */
export function lookSizes(n: number, looks: number): number[] {
  if (!Number.isInteger(n) || n < looks) {
    throw invalidOption('n', `an integer at least the ${looks} looks`, n);
  }
  return Array.from({ length: looks }, (_, k) => Math.round((n * (k + 1)) / looks));
}

/**
 * The decision at look k (0-based) for the statistic z of the paired differences, oriented so
 * that a positive z favours the candidate (`sequentialZ`): success at z >= z[k], harm at
 * z <= -z[k], futility below the futility boundary (a look before the last), else continue; the
 * last look's `continue` is the end with no verdict. A null z (too few defined pairs) continues.
 *
 * @example
 * const design = sequentialBoundaries({ looks: 5, alpha: 0.05 });
 * lookDecision(design, null, 1, 3.4); // 'success' (3.4 >= 3.357)
 */
export function lookDecision(
  design: SequentialDesign,
  futility: readonly (number | null)[] | null,
  k: number,
  z: number | null,
): LookDecision {
  if (!Number.isInteger(k) || k < 0 || k >= design.looks) {
    throw invalidOption('k', `a look from 0 to ${design.looks - 1}`, k);
  }
  if (z === null) return 'continue';
  const bound = design.z[k]!;
  if (z >= bound) return 'success';
  if (z <= -bound) return 'harm';
  const floor = futility?.[k] ?? null;
  if (k < design.looks - 1 && floor !== null && z < floor) return 'futility';
  return 'continue';
}
