import { MIN_CLUSTERS_FOR_INTERVAL } from '../../stats/index.js';
import type { Clustering } from './report-schema.js';

/**
 * The task -> cluster map a report tests with: only when the split's tasks are clustered, in more
 * than one cluster and fewer clusters than tasks (one task a cluster is no clustering at all).
 */
export function clusteringOf(
  clusters: ReadonlyMap<string, string> | undefined,
  taskIds: readonly string[],
): ReadonlyMap<string, string> | undefined {
  if (clusters === undefined) return undefined;
  const spanned = new Set(taskIds.map((task) => clusters.get(task) ?? task));
  return spanned.size > 1 && spanned.size < taskIds.length ? clusters : undefined;
}

/**
 * What the report says about its clusters: how many the split spans, and, under
 * `MIN_CLUSTERS_FOR_INTERVAL`, why the delta has no interval.
 *
 * @example
 * clusteringNote(new Map([['t1', 'a'], ['t2', 'b']]), ['t1', 't2']);
 * // { clusters: 2, interval: false, line: 'Tasks in 2 clusters: ...' }
 */
export function clusteringNote(
  clusters: ReadonlyMap<string, string>,
  taskIds: readonly string[],
): Clustering {
  const count = new Set(taskIds.map((task) => clusters.get(task) ?? task)).size;
  const interval = count >= MIN_CLUSTERS_FOR_INTERVAL;
  const head = `Tasks in ${count} clusters (a task's \`cluster\`, else its corpus): every row is tested per cluster, the delta the mean of the cluster means, p a sign flip of the ${count} cluster means (${2 ** Math.min(count, 16)} flips${count > 16 ? ', sampled' : ''}).`;
  const tail = interval
    ? ' The interval is a cluster bootstrap.'
    : ` The clustered interval is not available: a bootstrap over ${count} clusters has too few distinct resamples to be an interval (it needs ${MIN_CLUSTERS_FOR_INTERVAL}); the smallest p ${count} clusters can give is ${(1 / 2 ** count).toPrecision(3)} one-sided.`;
  return { clusters: count, interval, line: head + tail };
}
