// The exact power of the report's 0/1 test, McNemar's exact test (mcnemarExact), for n paired
// tasks of which each is discordant with probability psi, a discordant one going the candidate's
// way with probability theta = (psi + d) / (2 psi) (d: the difference of the arms' success shares):
//   power = sum over m of Binomial(m; n, psi) * P(Binomial(m, theta) >= c*(m)),
// c*(m) the fewest candidate-only tasks among m discordant ones that mcnemarExact rejects at alpha
// in the candidate's direction (the same model as Connor's formula, without the normal
// approximation; the exact test's discreteness makes it conservative at small counts).
import { gammaln } from 'simple-statistics';
import { mcnemarExact } from './mcnemar.js';
import type { Alternative } from './wilcoxon.js';

// Terms this far below the running sum, past the mode, change no digit a plan prints.
const NEGLIGIBLE = 1e-17;

function logPmf(k: number, m: number, logP: number, logQ: number): number {
  return gammaln(m + 1) - gammaln(k + 1) - gammaln(m - k + 1) + k * logP + (m - k) * logQ;
}

/**
 * P(Binomial(m, p) >= c), summed from c away from the mode (or its complement from c - 1 down,
 * when c is below the mode), each run stopped once its terms are negligible.
 */
function upperTail(m: number, p: number, c: number): number {
  if (c <= 0) return 1;
  if (c > m) return 0;
  if (p === 0) return 0;
  if (p === 1) return 1;
  const logP = Math.log(p);
  const logQ = Math.log1p(-p);
  const odds = logP - logQ;
  const mode = Math.floor((m + 1) * p);
  // Walk from `start` by `step` (+1 up to m, -1 down to 0), the log pmf by its ratio recurrence.
  const walk = (start: number, step: 1 | -1) => {
    let log = logPmf(start, m, logP, logQ);
    let sum = 0;
    for (let k = start; k >= 0 && k <= m; k += step) {
      const term = Math.exp(log);
      sum += term;
      if (term <= NEGLIGIBLE * sum && (step === 1 ? k >= mode : k <= mode)) break;
      log += step === 1 ? Math.log((m - k) / (k + 1)) + odds : Math.log(k / (m - k + 1)) - odds;
    }
    return sum;
  };
  return c > mode ? Math.min(1, walk(c, 1)) : Math.max(0, 1 - walk(c - 1, -1));
}

/** c*(m) for m = 0..maxM (m + 1 where no count rejects), read off mcnemarExact's own p-values. */
export function rejectionThresholds(maxM: number, alpha: number, sided: 'one' | 'two'): Int32Array {
  const alternative: Alternative = sided === 'one' ? 'greater' : 'two-sided';
  const rejects = (m: number, c: number) => mcnemarExact(m - c, c, { alternative }).pvalue <= alpha;
  const tails = sided === 'one' ? 1 : 2;
  const thresholds = new Int32Array(maxM + 1);
  for (let m = 0; m <= maxM; m++) {
    // A first guess from the upper tail of Binomial(m, 1/2), then the real test settles the edge:
    // its p falls as c rises (two-sided: from the middle up, the candidate's side).
    let c = m + 1;
    let log = -m * Math.LN2; // log P(X = m), X ~ Binomial(m, 1/2)
    let tail = 0;
    while (c > 0 && tails * (tail + Math.exp(log)) <= alpha) {
      tail += Math.exp(log);
      c--;
      log += Math.log(c / (m - c + 1)); // P(X = c - 1) / P(X = c)
    }
    const floor = sided === 'one' ? 0 : Math.ceil(m / 2);
    while (c > floor && rejects(m, c - 1)) c--;
    while (c <= m && !rejects(m, c)) c++;
    thresholds[m] = c;
  }
  return thresholds;
}

/**
 * The exact power at n tasks, discordant share psi and difference d (0 <= d <= psi), given the
 * thresholds for at least n discordant tasks. Discordant counts more than 12 sd from n * psi are
 * skipped (their weight is below 1e-31).
 */
export function mcnemarExactPower(n: number, psi: number, d: number, thresholds: Int32Array): number {
  if (psi === 0) return 0;
  const theta = Math.min(1, (psi + d) / (2 * psi));
  const spread = 12 * Math.sqrt(n * psi * (1 - psi)) + 1;
  const from = Math.max(0, Math.floor(n * psi - spread));
  const to = Math.min(n, Math.ceil(n * psi + spread));
  const logP = Math.log(psi);
  const logQ = Math.log1p(-psi);
  let power = 0;
  for (let m = from; m <= to; m++) {
    const weight = psi === 1 ? (m === n ? 1 : 0) : Math.exp(logPmf(m, n, logP, logQ));
    if (weight > 0) power += weight * upperTail(m, theta, thresholds[m]!);
  }
  return Math.min(1, power);
}
