import { AgentTrackError, invalidOption } from '../core/index.js';
import { bootstrapCI } from './bootstrap.js';
import type { MaybeNumber } from './defined.js';
import { createRandom } from './random.js';
import type { Alternative } from './wilcoxon.js';

export interface ClusteredOptions {
  alternative?: Alternative;
  /** Monte Carlo sign flips beyond 16 clusters, and bootstrap resamples (default 9999 / 1000). */
  resamples?: number;
  seed?: number | string;
  /** Confidence level of the cluster bootstrap interval (default 0.95). */
  level?: number;
}

export interface ClusteredResult {
  /** The mean of the per-cluster mean differences; `null` with no defined difference. */
  statistic: number | null;
  pvalue: number | null;
  /** Cluster bootstrap interval; `null` with fewer than `MIN_CLUSTERS_FOR_INTERVAL` clusters. */
  low: number | null;
  high: number | null;
  /** Clusters with at least one defined difference. */
  clusters: number;
  /** Defined differences the clusters hold. */
  n: number;
  method: 'exact' | 'monte-carlo';
}

/** Below this many clusters a cluster bootstrap has too few distinct resamples to be an interval. */
export const MIN_CLUSTERS_FOR_INTERVAL = 5;
/** Up to this many clusters every sign flip is enumerated (2^16 = 65,536). */
export const EXACT_CLUSTER_LIMIT = 16;

function clusterMeans(differences: readonly MaybeNumber[], clusters: readonly string[]): number[] {
  if (differences.length !== clusters.length) {
    throw new AgentTrackError(
      'LENGTH_MISMATCH',
      `clusteredPairedTest needs one cluster per difference, got ${differences.length} differences and ${clusters.length} clusters`,
    );
  }
  const sums = new Map<string, { sum: number; n: number }>();
  differences.forEach((value, i) => {
    if (value === null || value === undefined) return;
    const key = clusters[i]!;
    const entry = sums.get(key) ?? { sum: 0, n: 0 };
    entry.sum += value;
    entry.n += 1;
    sums.set(key, entry);
  });
  return [...sums.values()].map(({ sum, n }) => sum / n);
}

// scipy's permutation_test: p_less counts null <= observed + gamma, p_greater null >= observed -
// gamma, gamma = 1e-14 |observed|; exact enumeration adds nothing, Monte Carlo adds one to both
// the count and the total (the observed arrangement); two-sided doubles the smaller, at most 1.
function tails(means: readonly number[], observed: number, flips: number, random?: () => number) {
  const k = means.length;
  const gamma = 1e-14 * Math.abs(observed);
  let less = 0;
  let greater = 0;
  const exact = random === undefined;
  const total = exact ? 2 ** k : flips;
  for (let s = 0; s < total; s++) {
    let sum = 0;
    for (let i = 0; i < k; i++) {
      const negative = exact ? (s >> i) & 1 : random() < 0.5 ? 1 : 0;
      sum += negative ? -means[i]! : means[i]!;
    }
    const value = sum / k;
    if (value <= observed + gamma) less++;
    if (value >= observed - gamma) greater++;
  }
  const adjustment = exact ? 0 : 1;
  return {
    less: (less + adjustment) / (total + adjustment),
    greater: (greater + adjustment) / (total + adjustment),
  };
}

/**
 * A paired test for tasks that come in clusters (questions over one corpus, one repository, repeats
 * of one task). Each cluster's differences are averaged; the statistic is the mean of those
 * cluster means; the p-value is a sign-flip permutation test on the cluster means (every 2^k flip
 * up to 16 clusters, as scipy's `permutation_test(..., permutation_type='samples')` with
 * `n_resamples=inf`; seeded Monte Carlo beyond, as scipy with `n_resamples`); the interval is a
 * cluster bootstrap (resampling clusters). Fewer than 5 clusters: no interval (`null`).
 *
 * @example
 * clusteredPairedTest([0.5, 0.3, -0.1, 0.2], ['a', 'a', 'b', 'c']); // statistic (0.4 - 0.1 + 0.2) / 3
 */
export function clusteredPairedTest(
  differences: readonly MaybeNumber[],
  clusters: readonly string[],
  options: ClusteredOptions = {},
): ClusteredResult {
  const alternative = options.alternative ?? 'two-sided';
  if (!['two-sided', 'greater', 'less'].includes(alternative)) {
    throw invalidOption('alternative', "one of 'two-sided', 'greater', 'less'", alternative);
  }
  const flips = options.resamples ?? 9999;
  if (!Number.isInteger(flips) || flips < 1) throw invalidOption('resamples', 'a positive integer', flips);
  const means = clusterMeans(differences, clusters);
  const k = means.length;
  const n = differences.filter((value) => value !== null && value !== undefined).length;
  const method = k <= EXACT_CLUSTER_LIMIT ? 'exact' : 'monte-carlo';
  if (k === 0) return { statistic: null, pvalue: null, low: null, high: null, clusters: 0, n, method };
  const statistic = means.reduce((sum, value) => sum + value, 0) / k;
  const seed = options.seed ?? 0;
  const p = tails(means, statistic, flips, method === 'exact' ? undefined : createRandom(seed));
  const pvalue =
    alternative === 'less'
      ? p.less
      : alternative === 'greater'
        ? p.greater
        : Math.min(1, 2 * Math.min(p.less, p.greater));
  if (k < MIN_CLUSTERS_FOR_INTERVAL)
    return { statistic, pvalue, low: null, high: null, clusters: k, n, method };
  const interval = bootstrapCI(means, {
    resamples: options.resamples ?? 1000,
    seed,
    ...(options.level === undefined ? {} : { level: options.level }),
  });
  return { statistic, pvalue, low: interval.low, high: interval.high, clusters: k, n, method };
}
