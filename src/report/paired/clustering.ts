import { MIN_CLUSTERS_FOR_INTERVAL } from '../../stats/index.js';
import type { Clustering } from './report-schema.js';

/**
 * How a report treats its clusters. The split is clustered when its tasks fall in more than one
 * cluster and fewer clusters than tasks (one task a cluster is no clustering at all). With at
 * least `MIN_CLUSTERS_FOR_INTERVAL` clusters every row is tested per cluster (`tested`, the map
 * for `pairedComparison`); with fewer the rows keep the task-level tests and `note` says why the
 * clustered test and interval are not available.
 *
 * @example
 * clusteringOf(new Map([['t1', 'a'], ['t2', 'a'], ['t3', 'b']]), ['t1', 't2', 't3']);
 * // { tested: undefined, note: { clusters: 2, interval: false, line: 'Tasks in 2 clusters ...' } }
 */
export function clusteringOf(
  clusters: ReadonlyMap<string, string> | undefined,
  taskIds: readonly string[],
): { tested?: ReadonlyMap<string, string>; note?: Clustering } {
  if (clusters === undefined) return {};
  const count = new Set(taskIds.map((task) => clusters.get(task) ?? task)).size;
  if (count <= 1 || count >= taskIds.length) return {};
  const source = "a task's `cluster`, else its corpus";
  if (count < MIN_CLUSTERS_FOR_INTERVAL) {
    const line = `Tasks in ${count} clusters (${source}). The clustered test and interval are not available: a sign flip of ${count} cluster means cannot reach p below ${(1 / 2 ** count).toPrecision(3)} one-sided, and a bootstrap over ${count} clusters has too few distinct resamples to be an interval (both need ${MIN_CLUSTERS_FOR_INTERVAL} clusters). The rows are tested per task, which treats tasks of one cluster as independent: read small p-values with care.`;
    return { note: { clusters: count, interval: false, line } };
  }
  const flips =
    count > 16 ? `${count} cluster means, sampled flips` : `${count} cluster means, all ${2 ** count} flips`;
  const line = `Tasks in ${count} clusters (${source}): every row is tested per cluster, the delta the mean of the cluster means with a cluster bootstrap interval, p a sign-flip test of the ${flips}.`;
  return { tested: clusters, note: { clusters: count, interval: true, line } };
}
