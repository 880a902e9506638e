import type { JudgedList } from './judge-list.js';

/**
 * Each distinct gold item's 1-based rank of first appearance in a judged list, `null` when the
 * list never reaches it: the per-task ranks a run saves.
 *
 * @example
 * goldRanksOf({ gold: ['a', 'b'], matches: [null, 'b', 'b'], credited: [false, true, false] }); // { a: null, b: 2 }
 */
export function goldRanksOf(judged: JudgedList): Record<string, number | null> {
  const ranks: Record<string, number | null> = Object.fromEntries(judged.gold.map((key) => [key, null]));
  judged.credited.forEach((credited, index) => {
    if (credited) ranks[judged.matches[index]!] = index + 1;
  });
  return ranks;
}
