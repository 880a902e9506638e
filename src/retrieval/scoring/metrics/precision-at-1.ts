import { type JudgedList, judgeList } from '../judge-list.js';
import type { RankedItem, RelevanceOptions, ScoredTask } from '../types.js';

/**
 * 1 when the first item is relevant, else 0 (an empty list is 0).
 *
 * @example
 * precisionAt1Of({ gold: ['a'], matches: [null, 'a'], credited: [false, true] }); // 0
 */
export function precisionAt1Of(judged: JudgedList): 0 | 1 {
  return judged.credited[0] === true ? 1 : 0;
}

/**
 * The report's `precision@1` for one task; `null` without gold.
 *
 * @example
 * precisionAt1([{ path: 'a.py' }], { id: 't', gold: { files: ['a.py'] } }); // 1
 */
export function precisionAt1(
  items: readonly RankedItem[],
  task: ScoredTask,
  options: RelevanceOptions = {},
): 0 | 1 | null {
  const judged = judgeList(items, task, options);
  return judged === null ? null : precisionAt1Of(judged);
}
