import { invalidOption } from '../core/index.js';
import { normalCdf, normalSf } from './normal.js';
import { averageRanks } from './rank.js';
import { signedRankTails } from './signed-rank-null.js';

export type Alternative = 'two-sided' | 'greater' | 'less';
export type ZeroMethod = 'wilcox' | 'pratt' | 'zsplit';
export type WilcoxonMethod = 'auto' | 'exact' | 'asymptotic';

export interface WilcoxonOptions {
  alternative?: Alternative;
  zeroMethod?: ZeroMethod;
  correction?: boolean;
  method?: WilcoxonMethod;
}

export interface WilcoxonResult {
  /** Two-sided: the smaller of the signed-rank sums; one-sided: the positive sum (as scipy). */
  statistic: number;
  pvalue: number;
  /** Number of non-zero differences: the pairs whose signs the test reads. */
  n: number;
  /** The method actually used; `exact` with ties or zeros is the exact conditional distribution. */
  method: 'exact' | 'asymptotic';
}

const ALTERNATIVES: readonly Alternative[] = ['two-sided', 'greater', 'less'];
const ZERO_METHODS: readonly ZeroMethod[] = ['wilcox', 'pratt', 'zsplit'];
const METHODS: readonly WilcoxonMethod[] = ['auto', 'exact', 'asymptotic'];

function oneOf<T extends string>(option: string, allowed: readonly T[], value: unknown): T {
  if (!allowed.includes(value as T)) {
    throw invalidOption(option, `one of ${allowed.map((a) => `'${a}'`).join(', ')}`, value);
  }
  return value as T;
}

/**
 * Wilcoxon signed-rank test on paired differences `d`, with scipy 1.17's semantics and options
 * (scipy.stats.wilcoxon). Asymptotic: normal approximation with the tie correction and, for
 * `pratt`, Cureton's zero adjustment. Exact: the exact null distribution; with ties or zeros the
 * exact conditional distribution of the signed mid-ranks at any n (scipy enumerates it only for
 * n <= 13). `auto` chooses as scipy does: more than 50 differences -> asymptotic; no ties and no
 * zeros -> exact; 13 or fewer -> exact conditional; else asymptotic. All differences zero gives
 * p = 1 with `n: 0`.
 *
 * @example
 * wilcoxonSignedRank([1.5, 2, -0.5, 3, 0.25], { alternative: 'greater' });
 * // ranks 3, 4, -2, 5, 1: T+ = 13; P(T+ >= 13) = 3/32
 * // { statistic: 13, pvalue: 0.09375, n: 5, method: 'exact' }
 */
export function wilcoxonSignedRank(d: readonly number[], options: WilcoxonOptions = {}): WilcoxonResult {
  const alternative = oneOf('alternative', ALTERNATIVES, options.alternative ?? 'two-sided');
  const zeroMethod = oneOf('zeroMethod', ZERO_METHODS, options.zeroMethod ?? 'wilcox');
  const method = oneOf('method', METHODS, options.method ?? 'auto');
  const correction = options.correction ?? false;
  if (typeof correction !== 'boolean') throw invalidOption('correction', 'a boolean', correction);
  if (!Array.isArray(d)) throw invalidOption('d', 'an array of finite numbers', d);
  for (const value of d) {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw invalidOption('d', 'an array of finite numbers', value);
    }
  }

  const nonZero = d.filter((x) => x !== 0).length;
  const zeros = d.length - nonZero;
  if (nonZero === 0)
    return { statistic: 0, pvalue: 1, n: 0, method: method === 'asymptotic' ? 'asymptotic' : 'exact' };

  const ranked = zeroMethod === 'wilcox' ? d.filter((x) => x !== 0) : [...d];
  const { ranks, tieGroups } = averageRanks(ranked.map(Math.abs));
  let rPlus = 0;
  let rMinus = 0;
  let zeroRanks = 0;
  ranked.forEach((x, i) => {
    if (x > 0) rPlus += ranks[i]!;
    else if (x < 0) rMinus += ranks[i]!;
    else zeroRanks += ranks[i]!;
  });
  if (zeroMethod === 'zsplit') {
    rPlus += zeroRanks / 2;
    rMinus += zeroRanks / 2;
  }
  const statistic = alternative === 'two-sided' ? Math.min(rPlus, rMinus) : rPlus;
  const hasTies = tieGroups.some((size) => size > 1);

  let chosen: 'exact' | 'asymptotic' = method === 'auto' ? 'asymptotic' : method;
  if (method === 'auto' && d.length <= 50 && (!(hasTies || zeros > 0) || d.length <= 13)) chosen = 'exact';

  let pvalue: number;
  if (chosen === 'exact') {
    // The statistic's distribution over sign flips of the non-zero differences; zsplit's zero
    // half-ranks shift every outcome equally, so the tails are read without them.
    const doubled: number[] = [];
    let observed = 0;
    ranked.forEach((x, i) => {
      if (x === 0) return;
      const r = Math.round(2 * ranks[i]!);
      doubled.push(r);
      if (x > 0) observed += r;
    });
    const tails = signedRankTails(doubled, observed);
    pvalue =
      alternative === 'less'
        ? tails.less
        : alternative === 'greater'
          ? tails.greater
          : Math.min(1, 2 * Math.min(tails.less, tails.greater));
  } else {
    pvalue = asymptoticP(rPlus, ranked.length, zeros, tieGroups, zeroMethod, alternative, correction);
  }
  return { statistic, pvalue, n: nonZero, method: chosen };
}

function asymptoticP(
  rPlus: number,
  count: number,
  zeros: number,
  tieGroups: readonly number[],
  zeroMethod: ZeroMethod,
  alternative: Alternative,
  correction: boolean,
): number {
  let mean = (count * (count + 1)) / 4;
  let variance24 = count * (count + 1) * (2 * count + 1);
  // Ranks ascend from the smallest |d|, so under pratt the first tie group is the zeros.
  let groups = tieGroups;
  if (zeroMethod === 'pratt' && zeros > 0) {
    mean -= (zeros * (zeros + 1)) / 4;
    variance24 -= zeros * (zeros + 1) * (2 * zeros + 1);
    groups = tieGroups.slice(1);
  }
  const tieCorrection = groups.reduce((sum, t) => sum + (t * t * t - t), 0);
  const se = Math.sqrt((variance24 - tieCorrection / 2) / 24);
  let z = (rPlus - mean) / se;
  if (correction) {
    const sign = alternative === 'greater' ? 1 : alternative === 'less' ? -1 : Math.sign(z);
    z -= (sign * 0.5) / se;
  }
  if (alternative === 'greater') return normalSf(z);
  if (alternative === 'less') return normalCdf(z);
  return 2 * normalSf(Math.abs(z));
}
