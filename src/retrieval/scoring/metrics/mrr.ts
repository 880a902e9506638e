import { type JudgedList, judgeList } from '../judge-list.js';
import type { RankedItem, RelevanceOptions, ScoredTask } from '../types.js';

/**
 * Reciprocal rank of the first relevant item over the whole list; 0 when none is relevant.
 *
 * @example
 * mrrOf({ gold: ['a'], matches: [null, null, 'a'], credited: [false, false, true] }); // 1/3
 */
export function mrrOf(judged: JudgedList): number {
  const rank = judged.credited.indexOf(true);
  return rank === -1 ? 0 : 1 / (rank + 1);
}

/**
 * The report's `mrr` for one task (its reciprocal rank; the mean is taken over tasks); `null`
 * without gold.
 *
 * @example
 * mrr([{ path: 'x.py' }, { path: 'a.py' }], { id: 't', gold: { files: ['a.py'] } }); // 0.5
 */
export function mrr(
  items: readonly RankedItem[],
  task: ScoredTask,
  options: RelevanceOptions = {},
): number | null {
  const judged = judgeList(items, task, options);
  return judged === null ? null : mrrOf(judged);
}
