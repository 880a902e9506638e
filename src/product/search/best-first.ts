/** A scored piece id. */
export interface Scored {
  id: number;
  score: number;
}

/**
 * The best `limit` of scored ids given in ascending id order (`scores[i]` is `ids[i]`'s), best
 * first, ties by id: the `limit`-th best score is found by selection, in time linear in the
 * count, then only the ids at or above it are sorted (a search ranks ~4,000 matches for 160
 * places; a heap took ~3 times as long).
 *
 * @example
 * bestFirst([1, 2, 3], [0.5, 0.9, 0.5], 2); // [{ id: 2, score: 0.9 }, { id: 1, score: 0.5 }]
 */
export function bestFirst(ids: ArrayLike<number>, scores: ArrayLike<number>, limit: number): Scored[] {
  const count = ids.length;
  if (limit <= 0 || count === 0) return [];
  const cut = count <= limit ? -Infinity : kthLargest(Float64Array.from(scores), limit);
  const best: Scored[] = [];
  let above = 0;
  for (let i = 0; i < count; i++) if (scores[i]! > cut) above += 1;
  // Every id above the cut, and of those at it the first ones (ids ascend) until `limit`.
  let ties = limit - above;
  for (let i = 0; i < count; i++) {
    const score = scores[i]!;
    if (score > cut || (score === cut && ties-- > 0)) best.push({ id: ids[i]!, score });
  }
  return best.sort((a, b) => b.score - a.score || a.id - b.id);
}

// The k-th largest value (k from 1), by quickselect with a median-of-three pivot; reorders `values`.
function kthLargest(values: Float64Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  const target = k - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const [a, b, c] = [values[low]!, values[middle]!, values[high]!];
    const pivot = Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    // Three-way partition, descending: [low, lt) above the pivot, [lt, gt] equal, (gt, high] below.
    let lt = low;
    let gt = high;
    let i = low;
    while (i <= gt) {
      const value = values[i]!;
      if (value > pivot) {
        values[i] = values[lt]!;
        values[lt++] = value;
        i++;
      } else if (value < pivot) {
        values[i] = values[gt]!;
        values[gt--] = value;
      } else i++;
    }
    if (target < lt) high = lt - 1;
    else if (target > gt) low = gt + 1;
    else return pivot;
  }
  return values[target]!;
}
