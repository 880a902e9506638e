import type { MaybeNumber } from './defined.js';

/** Task id -> the row's value for that task (`null` when undefined for it). */
export type ValuesByTask = ReadonlyMap<string, MaybeNumber> | Readonly<Record<string, MaybeNumber>>;

/** Two arms' values over the tasks both defined, in the baseline's task order. */
export interface PairedValues {
  tasks: string[];
  baseline: number[];
  candidate: number[];
  /** candidate - baseline, task by task. */
  differences: number[];
}

function entries(values: ValuesByTask): Iterable<[string, MaybeNumber]> {
  return values instanceof Map ? values.entries() : Object.entries(values);
}

/**
 * Pairs two arms task by task: only tasks both arms defined (a value that is not `null` or
 * absent) are kept, in the baseline's order. The one pairing every paired test here starts from.
 *
 * @example
 * pairValues({ t1: 0.5, t2: null, t3: 1 }, new Map([['t1', 0.75], ['t3', 0]]));
 * // { tasks: ['t1', 't3'], baseline: [0.5, 1], candidate: [0.75, 0], differences: [0.25, -1] }
 */
export function pairValues(baseline: ValuesByTask, candidate: ValuesByTask): PairedValues {
  const other = new Map(entries(candidate));
  const paired: PairedValues = { tasks: [], baseline: [], candidate: [], differences: [] };
  for (const [task, value] of entries(baseline)) {
    const against = other.get(task);
    if (value === null || value === undefined || against === null || against === undefined) continue;
    paired.tasks.push(task);
    paired.baseline.push(value);
    paired.candidate.push(against);
    paired.differences.push(against - value);
  }
  return paired;
}
