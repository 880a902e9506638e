import { expect, test } from 'vitest';
import { normalCdf, normalQuantile } from '../../src/stats/normal.js';
import { closeRelative, loadReference } from './reference/load.js';

const { cases } = loadReference<{ cases: { quantile: { p: number; z: number }[] } }>('power');

test('normalQuantile agrees with scipy.stats.norm.ppf to 1e-12 relative (1e-15 absolute near 0)', () => {
  expect(cases.quantile.length).toBeGreaterThan(20);
  const failures = cases.quantile
    .filter(({ p, z }) => {
      const got = normalQuantile(p);
      return !(closeRelative(got, z, 1e-12) || Math.abs(got - z) <= 1e-15);
    })
    .map(({ p, z }) => `p=${p}: ${normalQuantile(p)} != ${z}`);
  expect(failures).toEqual([]);
});

test.each([
  // The two quantiles every plan uses, by the textbook digits.
  { p: 0.975, z: 1.959963984540054 },
  { p: 0.8, z: 0.8416212335729143 },
  { p: 0.5, z: 0 },
])('normalQuantile($p) = $z', ({ p, z }) => {
  expect(normalQuantile(p)).toBeCloseTo(z, 14);
});

test('normalQuantile inverts normalCdf and mirrors about one half', () => {
  for (const z of [-7, -3.2, -1, -0.01, 0.4, 2.5]) {
    expect(closeRelative(normalQuantile(normalCdf(z)), z, 1e-12)).toBe(true);
  }
  expect(normalQuantile(0.75)).toBe(-normalQuantile(0.25));
});

test('normalQuantile at and beyond the ends', () => {
  expect(normalQuantile(0)).toBe(Number.NEGATIVE_INFINITY);
  expect(normalQuantile(1)).toBe(Number.POSITIVE_INFINITY);
  expect(normalQuantile(-0.1)).toBeNaN();
  expect(normalQuantile(1.5)).toBeNaN();
  expect(normalQuantile(Number.NaN)).toBeNaN();
});
