import { checkK, type JudgedList, judgeList } from '../judge-list.js';
import type { RankedItem, RelevanceOptions, ScoredTask } from '../types.js';

/**
 * Average precision at k of a judged list: sum over credited ranks i <= k of precision@i, divided
 * by min(k, |gold|). Only the first item matching a gold item counts as relevant, so the value
 * stays in [0, 1].
 *
 * @example
 * // relevant at ranks 1 and 3 of 2 gold items: (1/1 + 2/3) / 2 = 0.8333...
 * mapAtKOf({ gold: ['a', 'b'], matches: ['a', null, 'b'], credited: [true, false, true] }, 10);
 */
export function mapAtKOf(judged: JudgedList, k: number): number {
  const cut = checkK(k);
  let relevant = 0;
  let sum = 0;
  for (let i = 0; i < Math.min(cut, judged.matches.length); i++) {
    if (!judged.credited[i]) continue;
    relevant++;
    sum += relevant / (i + 1);
  }
  return sum / Math.min(cut, judged.gold.length);
}

/**
 * The report's `map@k` for one task (average precision at k); `null` without gold.
 *
 * @example
 * mapAtK([{ path: 'a.py' }, { path: 'x.py' }, { path: 'b.py' }], { id: 't', gold: { files: ['a.py', 'b.py'] } }, 10);
 * // (1/1 + 2/3) / 2 = 0.8333...
 */
export function mapAtK(
  items: readonly RankedItem[],
  task: ScoredTask,
  k: number,
  options: RelevanceOptions = {},
): number | null {
  checkK(k);
  const judged = judgeList(items, task, options);
  return judged === null ? null : mapAtKOf(judged, k);
}
