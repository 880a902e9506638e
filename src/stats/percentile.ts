import { invalidOption } from '../core/index.js';
import { definedValues, type MaybeNumber } from './defined.js';

/** Linear interpolation between closest ranks of sorted values (numpy's default, Hyndman-Fan 7). */
export function percentileOfSorted(sorted: ArrayLike<number>, q: number): number {
  const position = (q / 100) * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.min(lower + 1, sorted.length - 1);
  const fraction = position - lower;
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * fraction;
}

/**
 * The q-th percentile (q in [0, 100]) as numpy.percentile computes it; nulls dropped; `null` when no
 * value is left.
 *
 * @example
 * percentile([1, 2, 3, 4], 50); // 2.5
 * percentile([null, 7], 90);    // 7
 */
export function percentile(values: Iterable<MaybeNumber>, q: number): number | null {
  if (typeof q !== 'number' || !(q >= 0 && q <= 100)) throw invalidOption('q', 'a number from 0 to 100', q);
  const defined = definedValues(values);
  if (defined.length === 0) return null;
  return percentileOfSorted(
    defined.sort((a, b) => a - b),
    q,
  );
}

/**
 * The 90th percentile, the tail figure the reports print beside a mean.
 *
 * @example
 * p90([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]); // 9.1
 */
export function p90(values: Iterable<MaybeNumber>): number | null {
  return percentile(values, 90);
}
