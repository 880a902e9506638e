import { invalidOption } from '../../../core/index.js';

/** Where a campaign stands against its pre-declared family of confirmations. */
export interface ConfirmationState {
  /** The campaign's family-wise false-acceptance rate. */
  alpha: number;
  /** m: the most confirmations the campaign declared it would make, fixed before it starts. */
  maxConfirmations: number;
  /** Confirmations already made (accepted or rejected). */
  made: number;
  /** Of those, how many accepted. */
  accepted: number;
}

/**
 * The level the next confirmation is tested at, or `null` when the m confirmations are spent.
 *
 * Holm's step-down, run online over a family of m pre-declared confirmation slots (Holm 1979, "A
 * simple sequentially rejective multiple test procedure", Scand. J. Statist. 6:65-70): a
 * confirmation made after `a` acceptances is tested at alpha / (m - a). Every slot starts at the
 * Bonferroni level alpha / m; each acceptance (a rejected null) hands its share on, as Holm's j-th
 * step tests at alpha / (m - j + 1) only after j - 1 rejections.
 *
 * Why it controls the family-wise false-acceptance rate: let m0 of the m slots hold a candidate
 * that is not truly better (untested slots count as such). Before the first false acceptance,
 * every acceptance was a true one, so a <= m - m0 and any not-better candidate is tested at
 * alpha / (m - a) <= alpha / m0; by the union bound over those m0 slots, P(any false acceptance)
 * <= m0 * alpha / m0 = alpha, whatever the dependence between the tests (they share the held-out
 * tasks and the incumbent's rollouts). This is Holm's own proof. Under the global null (no
 * candidate better) every test is at alpha / m: plain alpha-spending (Tian and Ramdas 2021,
 * "Online control of the familywise error rate", Stat. Methods Med. Res. 30(4), §2).
 *
 * Not used: testing the k-th confirmation at alpha / (m - k + 1) whatever the earlier ones
 * decided. With every candidate no better, its levels add up to alpha * (1 + 1/2 + ... + 1/m)
 * (2.28 alpha at m = 5): the order of a sequential campaign is not Holm's sorted order, and only
 * a rejection of a null (here an acceptance) earns a larger level.
 *
 * @example
 * confirmationAlpha({ alpha: 0.05, maxConfirmations: 5, made: 0, accepted: 0 }); // 0.05 / 5 = 0.01
 * confirmationAlpha({ alpha: 0.05, maxConfirmations: 5, made: 3, accepted: 1 }); // 0.05 / 4 = 0.0125
 * confirmationAlpha({ alpha: 0.05, maxConfirmations: 5, made: 5, accepted: 0 }); // null
 */
export function confirmationAlpha(state: ConfirmationState): number | null {
  const { alpha, maxConfirmations: m, made, accepted } = state;
  if (!(alpha > 0 && alpha < 1)) throw invalidOption('alpha', 'a number in (0, 1)', alpha);
  if (!Number.isInteger(m) || m < 1) throw invalidOption('maxConfirmations', 'a positive integer', m);
  if (!Number.isInteger(made) || made < 0) throw invalidOption('made', 'a non-negative integer', made);
  if (!Number.isInteger(accepted) || accepted < 0 || accepted > made) {
    throw invalidOption('accepted', `an integer in [0, made = ${made}]`, accepted);
  }
  if (made >= m) return null;
  return alpha / (m - accepted);
}
