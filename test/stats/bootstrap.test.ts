import { describe, expect, test } from 'vitest';
import { bootstrapCI } from '../../src/stats/bootstrap.js';
import { createRandom } from '../../src/stats/random.js';

function sequence(values: number[]) {
  let i = 0;
  return () => values[i++ % values.length]!;
}

describe('bootstrapCI', () => {
  test('by hand with an injected source', () => {
    // n = 3: draws 0.0, 0.4, 0.9 pick indices 0, 1, 2 (mean 2); draws 0.1 x3 pick index 0 (mean 1).
    // Sorted means [1, 2]; level 0.5 reads the 25th and 75th percentiles: 1.25 and 1.75.
    const got = bootstrapCI([1, 2, 3], {
      resamples: 2,
      level: 0.5,
      random: sequence([0, 0.4, 0.9, 0.1, 0.1, 0.1]),
    });
    expect(got).toEqual({ mean: 2, low: 1.25, high: 1.75, n: 3 });
  });

  test('nulls are dropped first; no values gives all null and n 0', () => {
    expect(bootstrapCI([null, undefined])).toEqual({ mean: null, low: null, high: null, n: 0 });
    expect(bootstrapCI([])).toEqual({ mean: null, low: null, high: null, n: 0 });
    expect(bootstrapCI([null, 4, null]).n).toBe(1);
    expect(bootstrapCI([null, 4, null])).toMatchObject({ mean: 4, low: 4, high: 4 });
  });

  test('same input and seed, same interval; another seed, another interval', () => {
    const values = [0.1, 0.5, 0.2, 0.9, 0.4, 0.3, 0.8, 0.05, 0.6, 0.7];
    expect(bootstrapCI(values)).toEqual(bootstrapCI(values, { seed: 0 }));
    expect(bootstrapCI(values, { seed: 1 })).not.toEqual(bootstrapCI(values, { seed: 0 }));
    const { mean, low, high } = bootstrapCI(values);
    expect(mean).toBeCloseTo(0.455, 12);
    expect(low!).toBeLessThan(mean!);
    expect(high!).toBeGreaterThan(mean!);
  });

  test('covers the true mean about 95% of the time (400 simulated samples of 30)', () => {
    const random = createRandom('coverage');
    const normal = () => {
      // Box-Muller from the seeded source
      const u = 1 - random();
      const v = random();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    };
    let covered = 0;
    const trials = 400;
    for (let t = 0; t < trials; t++) {
      const sample = Array.from({ length: 30 }, () => 5 + 2 * normal());
      const { low, high } = bootstrapCI(sample, { seed: t });
      if (low! <= 5 && 5 <= high!) covered++;
    }
    // The percentile interval under-covers a little at n = 30; 3 standard errors either side of 0.94.
    expect(covered / trials).toBeGreaterThan(0.9);
    expect(covered / trials).toBeLessThan(0.98);
  });

  test.each([
    [{ resamples: 0 }, '`resamples` option to be a positive integer, got `0` (number)'],
    [{ level: 1 }, '`level` option to be a number between 0 and 1, got `1` (number)'],
  ])('refuses %o', (options, message) => {
    expect(() => bootstrapCI([1, 2], options)).toThrow(message);
  });
});
