import { probit } from 'simple-statistics';

// erfc to near machine precision: the series for erf below 2 (all terms positive, so no
// cancellation; 1 - erf loses at most ~2.5 digits there), Lentz's continued fraction above
// (Abramowitz & Stegun 7.1.6 and 7.1.14). Needed because Wilcoxon p-values are checked against
// scipy's ndtr to 1e-9 relative, far into the tail.
const TWO_OVER_SQRT_PI = 2 / Math.sqrt(Math.PI);
const ONE_OVER_SQRT_PI = 1 / Math.sqrt(Math.PI);

function erfSeries(x: number): number {
  const x2 = x * x;
  let term = x;
  let sum = x;
  for (let n = 1; n < 200; n++) {
    term *= (2 * x2) / (2 * n + 1);
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return TWO_OVER_SQRT_PI * Math.exp(-x2) * sum;
}

function erfcContinuedFraction(x: number): number {
  // erfc(x) = exp(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))), modified Lentz.
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let k = 1; k < 5000; k++) {
    const a = k / 2;
    d = x + a * d;
    d = Math.abs(d) < tiny ? tiny : d;
    c = x + a / c;
    c = Math.abs(c) < tiny ? tiny : c;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return (Math.exp(-x * x) * ONE_OVER_SQRT_PI) / f;
}

/** The complementary error function, accurate to ~1e-14 relative everywhere it does not underflow. */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < 2) return 1 - erfSeries(x);
  return erfcContinuedFraction(x);
}

/**
 * Upper tail of the standard normal, P(Z >= z).
 *
 * @example
 * normalSf(1.959963984540054); // 0.025
 */
export function normalSf(z: number): number {
  return 0.5 * erfc(z / Math.SQRT2);
}

/**
 * Lower tail of the standard normal, P(Z <= z).
 *
 * @example
 * normalCdf(0); // 0.5
 */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

/**
 * The standard normal quantile, z with P(Z <= z) = p (scipy.stats.norm.ppf). simple-statistics'
 * `probit` (Winitzki's closed-form inverse erf) is only good to ~1e-3 relative (1.95716 for
 * p = 0.975, against 1.95996), too coarse for a plan checked against scipy; Newton steps on
 * `normalCdf` from that start converge quadratically to the erfc above (~1e-14 relative). The lower
 * half is solved and the upper half mirrored (1 - p is exact there), so pass a small tail
 * probability as itself: z_{1 - alpha/2} is `-normalQuantile(alpha / 2)`.
 *
 * @example
 * normalQuantile(0.025); // -1.959963984540054
 */
export function normalQuantile(p: number): number {
  if (Number.isNaN(p) || p < 0 || p > 1) return Number.NaN;
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  if (p === 0.5) return 0;
  if (p > 0.5) return -normalQuantile(1 - p);
  let x = probit(p);
  // Below ~1e-17, 2p - 1 rounds to -1 inside probit; start from the tail's leading term instead.
  if (!Number.isFinite(x)) x = -Math.sqrt(-2 * Math.log(p));
  for (let i = 0; i < 100; i++) {
    const step = (normalCdf(x) - p) / (Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI));
    x -= step;
    if (Math.abs(step) <= 1e-15 * Math.max(1, Math.abs(x))) break;
  }
  return x;
}
