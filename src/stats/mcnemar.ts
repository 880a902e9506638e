import { invalidOption } from '../core/index.js';
import { binomialHalfTails } from './binomial-half.js';
import type { Alternative } from './wilcoxon.js';

export interface McNemarResult {
  /** min(b, c), as statsmodels reports the exact test. */
  statistic: number;
  pvalue: number;
}

/**
 * McNemar's exact test on the discordant counts of paired 0/1 outcomes: `b` pairs where only the
 * baseline succeeded, `c` where only the candidate did. Under the null c ~ Binomial(b + c, 1/2)
 * (scipy.stats.binomtest(c, b + c, 0.5)). Two-sided by default; `greater` asks whether the
 * candidate succeeds more often (large c). b + c = 0 gives p = 1.
 *
 * @example
 * mcnemarExact(1, 9); // { statistic: 1, pvalue: 0.021484375 } (2 * 11/1024)
 */
export function mcnemarExact(
  b: number,
  c: number,
  options: { alternative?: Alternative } = {},
): McNemarResult {
  for (const [name, value] of [
    ['b', b],
    ['c', c],
  ] as const) {
    if (!Number.isInteger(value) || value < 0) throw invalidOption(name, 'a non-negative integer', value);
  }
  const alternative = options.alternative ?? 'two-sided';
  if (!['two-sided', 'greater', 'less'].includes(alternative)) {
    throw invalidOption('alternative', "one of 'two-sided', 'greater', 'less'", alternative);
  }
  const statistic = Math.min(b, c);
  const n = b + c;
  if (n === 0) return { statistic, pvalue: 1 };
  const tails = binomialHalfTails(n, c);
  const pvalue =
    alternative === 'greater'
      ? tails.greater
      : alternative === 'less'
        ? tails.less
        : Math.min(1, 2 * Math.min(tails.less, tails.greater));
  return { statistic, pvalue };
}
