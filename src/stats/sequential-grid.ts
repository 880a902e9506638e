// The Armitage-McPherson-Rowe recursion (Armitage, McPherson & Rowe 1969, "Repeated significance
// tests on accumulating data", J. R. Statist. Soc. A 132:235-244; Jennison & Turnbull 2000,
// Group Sequential Methods, ch. 19) on the B-value scale: B_k = Z_k sqrt(t_k) is a Brownian motion
// with drift theta (the mean of Z at t = 1), so B_k - B_{k-1} ~ N(theta dt, dt) independently of
// the past. The sub-density of B_k over the paths still running is carried on a uniform grid of
// the continuation interval and integrated by Simpson's rule; exit chances are the integral of
// that density against a normal tail, never a difference of two near-1 numbers.
import { normalCdf, normalSf } from './normal.js';

/** The sub-density of B at one look, on m + 1 equally spaced points from `low` (m even). */
export interface GridDensity {
  low: number;
  step: number;
  values: number[];
  /** Simpson's weights times the density: the mass each point carries. */
  mass: number[];
}

const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);
// Points per standard deviation of one look's increment: Simpson's error falls as (sd/h)^-4;
// 24 keeps the boundaries well inside 1e-4 of scipy's multivariate normal (test/stats).
const PER_SD = 24;

function grid(low: number, high: number, sd: number): { low: number; step: number; m: number } {
  let m = Math.max(32, Math.ceil(((high - low) / sd) * PER_SD));
  if (m % 2 === 1) m++;
  return { low, step: (high - low) / m, m };
}

function withMass(low: number, step: number, values: number[]): GridDensity {
  const m = values.length - 1;
  const mass = values.map((v, i) => ((i === 0 || i === m ? 1 : i % 2 === 1 ? 4 : 2) * step * v) / 3);
  return { low, step, values, mass };
}

/** B at the first look (fraction t) on (low, high): the N(theta t, t) density there. */
export function firstDensity(low: number, high: number, t: number, drift: number): GridDensity {
  const sd = Math.sqrt(t);
  const g = grid(low, high, sd);
  const values: number[] = [];
  for (let i = 0; i <= g.m; i++) {
    const x = (g.low + i * g.step - drift * t) / sd;
    values.push((INV_SQRT_2PI * Math.exp(-0.5 * x * x)) / sd);
  }
  return withMass(g.low, g.step, values);
}

/** The next look's sub-density on (low, high), dt later, from the paths `previous` still holds. */
export function nextDensity(
  previous: GridDensity,
  low: number,
  high: number,
  dt: number,
  drift: number,
): GridDensity {
  const sd = Math.sqrt(dt);
  const g = grid(low, high, sd);
  const shift = drift * dt;
  const values: number[] = [];
  for (let j = 0; j <= g.m; j++) {
    const b = g.low + j * g.step - shift;
    let sum = 0;
    for (let i = 0; i < previous.mass.length; i++) {
      const x = (b - (previous.low + i * previous.step)) / sd;
      sum += previous.mass[i]! * Math.exp(-0.5 * x * x);
    }
    values.push((INV_SQRT_2PI * sum) / sd);
  }
  return withMass(g.low, g.step, values);
}

/** P(the paths `previous` holds are at or above `bound` dt later). */
export function exitAbove(previous: GridDensity, bound: number, dt: number, drift: number): number {
  const sd = Math.sqrt(dt);
  let sum = 0;
  for (let i = 0; i < previous.mass.length; i++) {
    sum += previous.mass[i]! * normalSf((bound - previous.low - i * previous.step - drift * dt) / sd);
  }
  return sum;
}

/** P(the paths `previous` holds are at or below `bound` dt later). */
export function exitBelow(previous: GridDensity, bound: number, dt: number, drift: number): number {
  const sd = Math.sqrt(dt);
  let sum = 0;
  for (let i = 0; i < previous.mass.length; i++) {
    sum += previous.mass[i]! * normalCdf((bound - previous.low - i * previous.step - drift * dt) / sd);
  }
  return sum;
}
