/**
 * Holm-adjusted p-values (Holm 1979, "A simple sequentially rejective multiple test procedure",
 * Scand. J. Statist. 6:65-70) for a family of tests: sorted ascending, the i-th smallest (1-based)
 * becomes max over j <= i of min(1, (m - j + 1) * p_(j)), returned in the input's order. Rejecting
 * where the adjusted value is at most alpha controls the family-wise error rate at alpha, whatever
 * the tests' dependence. An undefined p (`null`, a comparison with nothing to test) is not part of
 * the family: it stays `null` and does not count in m.
 *
 * @example
 * holmAdjusted([0.01, 0.04, 0.03]); // [0.03, 0.06, 0.06]
 * holmAdjusted([0.2, null]);        // [0.2, null]
 */
export function holmAdjusted(pvalues: readonly (number | null)[]): (number | null)[] {
  const defined = pvalues
    .map((p, index) => ({ p, index }))
    .filter((entry): entry is { p: number; index: number } => entry.p !== null)
    .sort((a, b) => a.p - b.p || a.index - b.index);
  const m = defined.length;
  const adjusted: (number | null)[] = pvalues.map(() => null);
  let running = 0;
  for (const [rank, { p, index }] of defined.entries()) {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[index] = running;
  }
  return adjusted;
}
