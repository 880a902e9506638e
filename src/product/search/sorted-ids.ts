// Set operations on ascending lists of piece ids (a phrase's posting, an AND's matches). Where one
// list is much shorter than the other (a rare word's pieces against a common word's posting of
// thousands), the short one's ids are sought in the long one by galloping (exponential, then
// binary search) instead of merging both: O(short x log(long / short)) steps instead of
// O(short + long).

// A long list at least this many times the short one is galloped through, not merged: a merge
// costs ~(1 + ratio) steps per short id, a gallop ~2 log2(ratio).
const GALLOP_RATIO = 8;

/**
 * The first index at or after `from` whose id is at least `id` (`list.length` when none),
 * probing 1, 2, 4, ... ahead of `from` and then halving: cheap when the answer is near.
 *
 * @example
 * seek(Int32Array.of(2, 4, 8, 16), 5, 0); // 2
 */
export function seek(list: Int32Array, id: number, from: number): number {
  let low = from;
  let high = from;
  let step = 1;
  while (high < list.length && list[high]! < id) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  if (high > list.length) high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The ids in either ascending list, ascending, each once.
 *
 * @example
 * union(Int32Array.of(1, 3), Int32Array.of(2, 3)); // Int32Array [1, 2, 3]
 */
export function union(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    out[n++] = Math.min(x, y);
    if (x <= y) i++;
    if (y <= x) j++;
  }
  while (i < a.length) out[n++] = a[i++]!;
  while (j < b.length) out[n++] = b[j++]!;
  return out.subarray(0, n);
}

/**
 * The positions in `ids` (ascending; among `positions` of them, or all when null) whose id is in
 * the ascending list `set`, ascending.
 *
 * @example
 * within(Int32Array.of(2, 4, 6), null, Int32Array.of(4, 6, 7)); // Int32Array [1, 2]
 */
export function within(ids: Int32Array, positions: Int32Array | null, set: Int32Array): Int32Array {
  if (positions === null && set.length * GALLOP_RATIO <= ids.length) {
    const out = new Int32Array(set.length);
    let n = 0;
    let at = 0;
    for (let k = 0; k < set.length && at < ids.length; k++) {
      const id = set[k]!;
      at = seek(ids, id, at);
      if (ids[at] === id) out[n++] = at;
    }
    return out.subarray(0, n);
  }
  if (positions === null && ids.length * GALLOP_RATIO > set.length) {
    // Lists of like length: one merge, without a seek per id.
    const out = new Int32Array(Math.min(ids.length, set.length));
    let n = 0;
    let i = 0;
    let j = 0;
    while (i < ids.length && j < set.length) {
      const x = ids[i]!;
      const y = set[j]!;
      if (x === y) out[n++] = i;
      if (x <= y) i++;
      if (y <= x) j++;
    }
    return out.subarray(0, n);
  }
  // A few ids (or positions) against a long set: each sought in it.
  const count = positions?.length ?? ids.length;
  const out = new Int32Array(count);
  let n = 0;
  let j = 0;
  for (let k = 0; k < count; k++) {
    const position = positions === null ? k : positions[k]!;
    const id = ids[position]!;
    j = seek(set, id, j);
    if (j === set.length) break;
    if (set[j] === id) out[n++] = position;
  }
  return out.subarray(0, n);
}
