import { type FreeCheckResult, failed, passed } from './check-result.js';

/**
 * The candidate's length (characters) over the incumbent's must lie within [min_ratio, max_ratio].
 *
 * @example
 * checkLength('x'.repeat(250), 'x'.repeat(100), { min_ratio: 0.5, max_ratio: 2 });
 * // 250 / 100 = 2.5 > 2: { pass: false, reason: 'length 250 is 2.50x the incumbent's 100, above the bound 2x' }
 */
export function checkLength(
  candidate: string,
  incumbent: string,
  bounds: { min_ratio: number; max_ratio: number },
): FreeCheckResult {
  if (candidate.trim().length === 0) return failed('length', 'the candidate is empty');
  if (incumbent.length === 0) return passed('length');
  const ratio = candidate.length / incumbent.length;
  if (ratio < bounds.min_ratio) {
    return failed(
      'length',
      `length ${candidate.length} is ${ratio.toFixed(2)}x the incumbent's ${incumbent.length}, below the bound ${bounds.min_ratio}x`,
    );
  }
  if (ratio > bounds.max_ratio) {
    return failed(
      'length',
      `length ${candidate.length} is ${ratio.toFixed(2)}x the incumbent's ${incumbent.length}, above the bound ${bounds.max_ratio}x`,
    );
  }
  return passed('length');
}
