/** Average ranks (1-based) of values, ties sharing the mean of the ranks they span, with tie sizes. */
export interface Ranking {
  ranks: number[];
  /** Size of every group of equal values, in ascending value order (groups of 1 included). */
  tieGroups: number[];
}

/**
 * Ranks values as scipy's `rankdata(method='average')` does.
 *
 * @example
 * averageRanks([10, 20, 20, 30]).ranks; // [1, 2.5, 2.5, 4]
 */
export function averageRanks(values: readonly number[]): Ranking {
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const ranks = new Array<number>(values.length);
  const tieGroups: number[] = [];
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (end + 1 < order.length && values[order[end + 1]!] === values[order[start]!]) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) ranks[order[k]!] = rank;
    tieGroups.push(end - start + 1);
    start = end + 1;
  }
  return { ranks, tieGroups };
}
