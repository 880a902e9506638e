// Student's t tail through the regularized incomplete beta function:
//   P(T_df >= t) = I_x(df/2, 1/2) / 2 with x = df / (df + t^2), t >= 0
// (Abramowitz & Stegun 26.7.1 and 26.5.27), I_x by its continued fraction evaluated with the
// modified Lentz method (A&S 26.5.8; Press et al., Numerical Recipes, 6.4), on the side of
// x where it converges fast. Checked against scipy.stats.t.sf to 1e-10 relative (test/stats).
import { gammaln } from 'simple-statistics';

function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = Math.abs(d) < tiny ? tiny : d;
  d = 1 / d;
  let f = d;
  for (let m = 1; m < 10000; m++) {
    const even = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 + even * d;
    d = Math.abs(d) < tiny ? tiny : 1 / d;
    c = 1 + even / c;
    c = Math.abs(c) < tiny ? tiny : c;
    f *= c * d;
    const odd = -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 + odd * d;
    d = Math.abs(d) < tiny ? tiny : 1 / d;
    c = 1 + odd / c;
    c = Math.abs(c) < tiny ? tiny : c;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return f;
}

/** The regularized incomplete beta function I_x(a, b), 0 <= x <= 1. */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(gammaln(a + b) - gammaln(a) - gammaln(b) + a * Math.log(x) + b * Math.log1p(-x));
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/**
 * The upper tail of Student's t with `df` degrees of freedom, P(T >= t) (scipy.stats.t.sf).
 *
 * @example
 * studentTSf(2.2, 9); // 0.027670
 */
export function studentTSf(t: number, df: number): number {
  if (Number.isNaN(t)) return Number.NaN;
  if (t === Number.POSITIVE_INFINITY) return 0;
  if (t === Number.NEGATIVE_INFINITY) return 1;
  // I_x(df/2, 1/2) itself: the complement 1 - I_{1-x}(1/2, df/2) would cancel in the far tail.
  const tail = incompleteBeta(df / (df + t * t), df / 2, 0.5) / 2;
  return t >= 0 ? tail : 1 - tail;
}
