import { checkK, type JudgedList, judgeList } from '../judge-list.js';
import type { RankedItem, RelevanceOptions, ScoredTask } from '../types.js';

/** Recall at a cut-off, both ways the reports read it. */
export interface RecallAtK {
  /** 1 when any gold item is in the top k, else 0: the report's `recall@k`, the same as `hit@k`. */
  readonly hit: 0 | 1;
  /** Share of the distinct gold items found in the top k: the report's `fractional_recall@k`. */
  readonly fraction: number;
  /** The gold keys found in the top k, in rank order. */
  readonly found: readonly string[];
}

/**
 * Recall at k of a judged list. One implementation for `recall@k` / `hit@k` (1/0, as the design
 * names it) and for the fractional share.
 *
 * @example
 * recallAtKOf({ gold: ['a', 'b'], matches: [null, 'a', 'b'], credited: [false, true, true] }, 2);
 * // { hit: 1, fraction: 0.5, found: ['a'] }
 */
export function recallAtKOf(judged: JudgedList, k: number): RecallAtK {
  const cut = checkK(k);
  const found: string[] = [];
  for (let i = 0; i < Math.min(cut, judged.matches.length); i++) {
    if (judged.credited[i]) found.push(judged.matches[i]!);
  }
  return { hit: found.length > 0 ? 1 : 0, fraction: found.length / judged.gold.length, found };
}

/**
 * Recall at k of a ranked list against a task; `null` when the task has no gold of the kind judged.
 * `recallAtK(...)?.hit` is the report's `recall@k` (= `hit@k`).
 *
 * @example
 * recallAtK([{ path: 'x.py' }, { path: 'a.py' }], { id: 't', gold: { files: ['a.py', 'b.py'] } }, 5);
 * // { hit: 1, fraction: 0.5, found: ['a.py'] }
 */
export function recallAtK(
  items: readonly RankedItem[],
  task: ScoredTask,
  k: number,
  options: RelevanceOptions = {},
): RecallAtK | null {
  checkK(k);
  const judged = judgeList(items, task, options);
  return judged === null ? null : recallAtKOf(judged, k);
}

/**
 * `hit@k` (= the report's `recall@k`): 1 when any gold item is in the top k, else 0; `null` without
 * gold. A view of `recallAtK`, not a second implementation.
 *
 * @example
 * hitAtK([{ path: 'x.py' }, { path: 'a.py' }], { id: 't', gold: { files: ['a.py'] } }, 1); // 0
 */
export function hitAtK(
  items: readonly RankedItem[],
  task: ScoredTask,
  k: number,
  options: RelevanceOptions = {},
): 0 | 1 | null {
  return recallAtK(items, task, k, options)?.hit ?? null;
}
