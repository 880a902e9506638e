import { checkK, type JudgedList, judgeList } from '../judge-list.js';
import type { RankedItem, RelevanceOptions, ScoredTask } from '../types.js';

/**
 * nDCG at k with binary gains: DCG = sum over credited ranks i <= k of 1 / log2(i + 1), divided by
 * the ideal DCG of min(k, |gold|) relevant items at the top. A repeat match of an already credited
 * gold item gains 0.
 *
 * @example
 * // relevant at rank 2 of 1 gold item: (1/log2(3)) / (1/log2(2)) = 0.6309...
 * ndcgAtKOf({ gold: ['a'], matches: [null, 'a'], credited: [false, true] }, 10);
 */
export function ndcgAtKOf(judged: JudgedList, k: number): number {
  const cut = checkK(k);
  let dcg = 0;
  for (let i = 0; i < Math.min(cut, judged.matches.length); i++) {
    if (judged.credited[i]) dcg += 1 / Math.log2(i + 2);
  }
  let ideal = 0;
  for (let i = 0; i < Math.min(cut, judged.gold.length); i++) ideal += 1 / Math.log2(i + 2);
  return dcg / ideal;
}

/**
 * The report's `ndcg@k` for one task; `null` without gold.
 *
 * @example
 * ndcgAtK([{ path: 'x.py' }, { path: 'a.py' }], { id: 't', gold: { files: ['a.py'] } }, 10); // 0.6309...
 */
export function ndcgAtK(
  items: readonly RankedItem[],
  task: ScoredTask,
  k: number,
  options: RelevanceOptions = {},
): number | null {
  checkK(k);
  const judged = judgeList(items, task, options);
  return judged === null ? null : ndcgAtKOf(judged, k);
}
