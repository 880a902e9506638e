import { sampleStandardDeviation } from 'simple-statistics';
import { definedValues, type MaybeNumber, mean } from './defined.js';
import { normalQuantile } from './normal.js';
import { studentTSf } from './student-t.js';

/**
 * The statistic a group-sequential look compares with its boundary: the paired differences'
 * one-sample t statistic, mean / (sd / sqrt(n)), carried to the normal scale by its tail,
 * z = Phi^-1(T_{n-1}(t)). The boundaries assume Z ~ N(0, 1) under the null; t itself has heavier
 * tails at the small n of an early look (P(t_18 >= 2.4) = 0.014 against 0.008 for Z), which would
 * spend more than the design allows. Nulls are dropped; `null` for fewer than 2 differences; with
 * every difference equal the spread is 0 and z is 0 at a mean of 0, else +-Infinity.
 *
 * @example
 * sequentialZ([0.5, 1, 0, 1.5, 0.5]); // t = 0.7 / (0.570088 / sqrt(5)) = 2.745626, T_4 tail 0.025803 -> z = 1.946
 */
export function sequentialZ(differences: readonly MaybeNumber[]): number | null {
  const values = definedValues(differences);
  if (values.length < 2) return null;
  const center = mean(values)!;
  const sd = sampleStandardDeviation(values);
  if (sd === 0) return center === 0 ? 0 : center > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  const t = center / (sd / Math.sqrt(values.length));
  const z = -normalQuantile(studentTSf(Math.abs(t), values.length - 1));
  return t >= 0 ? z : -z;
}
