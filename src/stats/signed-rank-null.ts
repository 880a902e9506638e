/** Both tails of the null distribution at the observed statistic. */
export interface Tails {
  /** P(T <= observed) */
  less: number;
  /** P(T >= observed) */
  greater: number;
}

/**
 * The exact null distribution of the positive signed-rank sum T when each difference's sign is +/-
 * with probability 1/2 independently, conditional on the ranks actually observed (mid-ranks for
 * ties): the distribution scipy's exhaustive permutation test enumerates for n <= 13, computed here
 * by dynamic programming over sums so it stays exact for any n. Ranks are passed doubled, so
 * mid-ranks (k + 0.5) are integers and every comparison is exact.
 *
 * Cost: O(n * sum(doubledRanks)), about n^3; n = 1000 is ~5e8 additions.
 *
 * @example
 * // ranks 1, 2, 3 (doubled 2, 4, 6); T = 3 (doubled 6): P(T >= 3) = 4/8
 * signedRankTails([2, 4, 6], 6); // { less: 0.625, greater: 0.5 }
 */
export function signedRankTails(doubledRanks: readonly number[], observedDoubled: number): Tails {
  const total = doubledRanks.reduce((sum, r) => sum + r, 0);
  const p = new Float64Array(total + 1);
  p[0] = 1;
  let reach = 0;
  for (const r of doubledRanks) {
    // In place from the top: p'[s] = (p[s] + p[s - r]) / 2, reading p[s - r] before it changes.
    for (let s = reach + r; s >= r; s--) p[s] = 0.5 * (p[s]! + p[s - r]!);
    for (let s = Math.min(r - 1, reach); s >= 0; s--) p[s] = 0.5 * p[s]!;
    reach += r;
  }
  let less = 0;
  let greater = 0;
  for (let s = 0; s <= total; s++) {
    if (s <= observedDoubled) less += p[s]!;
    if (s >= observedDoubled) greater += p[s]!;
  }
  return { less: Math.min(1, less), greater: Math.min(1, greater) };
}
