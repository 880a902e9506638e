import { corpusKey } from './corpus-key.js';
import type { Task } from './schema.js';

/**
 * The cluster a task belongs to for paired tests: its `cluster` field, else its corpus
 * (`corpusKey`), since questions over one corpus share its quirks.
 *
 * @example
 * clusterOf({ id: 't1', question: 'q', gold: { files: ['a.py'] }, cluster: 'django' }); // 'django'
 */
export function clusterOf(task: Pick<Task, 'cluster' | 'corpus'>): string {
  return task.cluster ?? corpusKey(task.corpus);
}

/** Task id -> cluster, for a report's `clusters` option. */
export function clustersOf(tasks: readonly Pick<Task, 'id' | 'cluster' | 'corpus'>[]): Map<string, string> {
  return new Map(tasks.map((task) => [task.id, clusterOf(task)]));
}
