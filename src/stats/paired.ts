import { AgentTrackError, invalidOption } from '../core/index.js';
import { bootstrapCI } from './bootstrap.js';
import { clusteredPairedTest } from './clustered.js';
import { mcnemarExact } from './mcnemar.js';
import { pairValues, type ValuesByTask } from './pair-values.js';
import { type Alternative, wilcoxonSignedRank } from './wilcoxon.js';

export interface PairedOptions {
  /** `binary` rows hold 0/1 per task (McNemar exact); `continuous` rows anything (Wilcoxon). */
  kind: 'continuous' | 'binary';
  /** Which way is better; `neither` makes the test two-sided. */
  direction: 'higher' | 'lower' | 'neither';
  resamples?: number;
  seed?: number | string;
  level?: number;
  /**
   * Task id -> its cluster (its corpus, a repository, a task's `cluster` field). When the paired
   * tasks span more than one cluster, the row is tested by `clusteredPairedTest` instead.
   */
  clusters?: ReadonlyMap<string, string>;
}

export interface PairedResult {
  /** Tasks both arms defined. */
  pairs: number;
  /**
   * Mean of candidate - baseline over the pairs, with its bootstrap interval; `null` with no pairs.
   * Clustered: the mean of the per-cluster means, with the cluster bootstrap interval (`null` under
   * 5 clusters).
   */
  delta: number | null;
  low: number | null;
  high: number | null;
  /** One-sided for the candidate being better in the row's direction; `null` with no pairs. */
  pvalue: number | null;
  test: 'wilcoxon' | 'mcnemar' | 'clustered';
  alternative: Alternative;
  /** Clusters the pairs spanned, when the test was `clustered`. */
  clusters?: number;
}

/**
 * Compares two arms task by task. Only tasks both arms defined are paired; delta = candidate -
 * baseline with a 95% percentile bootstrap interval (1000 resamples, seed 0 by default); p from
 * Wilcoxon signed-rank (continuous rows) or McNemar exact (0/1 rows), one-sided in the row's
 * direction. With `clusters` and pairs from more than one cluster: the cluster sign-flip test
 * (`clusteredPairedTest`) in the row's direction, whatever the row's kind.
 *
 * @example
 * pairedComparison({ t1: 0.5, t2: 0.4, t3: null }, { t1: 0.25, t2: 0.4, t3: 0.1 }, { kind: 'continuous', direction: 'lower' });
 * // { pairs: 2, delta: -0.125, ..., test: 'wilcoxon', alternative: 'less' }
 */
export function pairedComparison(
  baseline: ValuesByTask,
  candidate: ValuesByTask,
  options: PairedOptions,
): PairedResult {
  if (options.kind !== 'continuous' && options.kind !== 'binary') {
    throw invalidOption('kind', "one of 'continuous', 'binary'", options.kind);
  }
  if (!['higher', 'lower', 'neither'].includes(options.direction)) {
    throw invalidOption('direction', "one of 'higher', 'lower', 'neither'", options.direction);
  }
  const alternative: Alternative =
    options.direction === 'higher' ? 'greater' : options.direction === 'lower' ? 'less' : 'two-sided';
  const test = options.kind === 'binary' ? 'mcnemar' : 'wilcoxon';
  const { tasks, baseline: base, candidate: cand, differences } = pairValues(baseline, candidate);
  const pairs = base.length;
  if (pairs === 0) return { pairs, delta: null, low: null, high: null, pvalue: null, test, alternative };

  const clusterOf = tasks.map((task) => options.clusters?.get(task) ?? task);
  if (options.clusters !== undefined && new Set(clusterOf).size > 1) {
    const clustered = clusteredPairedTest(differences, clusterOf, {
      alternative,
      ...(options.resamples === undefined ? {} : { resamples: options.resamples }),
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(options.level === undefined ? {} : { level: options.level }),
    });
    return {
      pairs,
      delta: clustered.statistic,
      low: clustered.low,
      high: clustered.high,
      pvalue: clustered.pvalue,
      test: 'clustered',
      alternative,
      clusters: clustered.clusters,
    };
  }
  const interval = bootstrapCI(differences, options);
  let pvalue: number;
  if (options.kind === 'binary') {
    let b = 0;
    let c = 0;
    for (let i = 0; i < pairs; i++) {
      for (const value of [base[i], cand[i]]) {
        if (value !== 0 && value !== 1) {
          throw new AgentTrackError(
            'NOT_BINARY',
            `A binary row holds only 0 or 1 per task, got \`${value}\``,
            {
              data: { value },
            },
          );
        }
      }
      if (base[i] === 1 && cand[i] === 0) b++;
      if (base[i] === 0 && cand[i] === 1) c++;
    }
    pvalue = mcnemarExact(b, c, { alternative }).pvalue;
  } else {
    pvalue = wilcoxonSignedRank(differences, { alternative }).pvalue;
  }
  return { pairs, delta: interval.mean, low: interval.low, high: interval.high, pvalue, test, alternative };
}
