/**
 * Tails of Binomial(n, 1/2) at k: P(X <= k) and P(X >= k). The pmf is built in log space by the
 * recurrence log C(n, i+1) = log C(n, i) + log((n - i) / (i + 1)), so n in the thousands neither
 * overflows nor underflows before the sum.
 *
 * @example
 * binomialHalfTails(4, 1); // { less: 5/16, greater: 15/16 }
 */
export function binomialHalfTails(n: number, k: number): { less: number; greater: number } {
  const logPmf = new Float64Array(n + 1);
  logPmf[0] = -n * Math.LN2;
  for (let i = 0; i < n; i++) logPmf[i + 1] = logPmf[i]! + Math.log((n - i) / (i + 1));
  let less = 0;
  let greater = 0;
  for (let i = 0; i <= n; i++) {
    const p = Math.exp(logPmf[i]!);
    if (i <= k) less += p;
    if (i >= k) greater += p;
  }
  return { less: Math.min(1, less), greater: Math.min(1, greater) };
}
