import { type JudgedList, judgeList } from '../judge-list.js';
import type { RankedItem, RelevanceOptions, ScoredTask } from '../types.js';

/**
 * Share of the distinct gold items found anywhere in the list.
 *
 * @example
 * coverageOf({ gold: ['a', 'b', 'c'], matches: ['a', 'a', 'c'], credited: [true, false, true] }); // 2/3
 */
export function coverageOf(judged: JudgedList): number {
  return judged.credited.filter(Boolean).length / judged.gold.length;
}

/**
 * The report's `coverage` for one task; `null` without gold.
 *
 * @example
 * coverage([{ path: 'a.py' }, { path: 'c.py' }], { id: 't', gold: { files: ['a.py', 'b.py'] } }); // 0.5
 */
export function coverage(
  items: readonly RankedItem[],
  task: ScoredTask,
  options: RelevanceOptions = {},
): number | null {
  const judged = judgeList(items, task, options);
  return judged === null ? null : coverageOf(judged);
}
