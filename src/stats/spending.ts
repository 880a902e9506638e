// Lan-DeMets alpha spending (Lan & DeMets 1983, "Discrete sequential boundaries for clinical
// trials", Biometrika 70:659-663): the share of the level a two-sided symmetric design has spent
// by information fraction t, alpha(0) = 0 and alpha(1) = alpha.
//   O'Brien-Fleming-like: each side spends a = alpha / 2 as 2 - 2 Phi(z_{1 - a/2} / sqrt(t)).
//   Pocock-like:           alpha ln(1 + (e - 1) t) in all (linear in alpha: a side spends half).
// Reading the O'Brien-Fleming formula with a as each side's level is the convention of R's
// ldbounds, gsDesign (sfLDOF, test.type = 2) and rpact, whose tables give 4.877, 3.357, 2.680,
// 2.290, 2.031 for 5 looks at alpha 0.05. Reading it with the two-sided alpha instead spends more
// early (4.383 at the first of 5 looks); test/stats/reference/generate-sequential.py keeps both.
import { normalQuantile, normalSf } from './normal.js';

/** `obrien-fleming`: little spent early, the last boundary near the fixed design's; `pocock`: even. */
export type Spending = 'obrien-fleming' | 'pocock';

export const SPENDINGS: readonly Spending[] = ['obrien-fleming', 'pocock'];

/** The two-sided level spent by information fraction t in (0, 1]. */
export function alphaSpent(spending: Spending, t: number, alpha: number): number {
  if (t >= 1) return alpha;
  if (spending === 'pocock') return alpha * Math.log(1 + (Math.E - 1) * t);
  const side = alpha / 2;
  // 2 - 2 Phi(x) = 2 Q(x); the tail kept as itself so early looks keep their digits.
  return 2 * (2 * normalSf(-normalQuantile(side / 2) / Math.sqrt(t)));
}
