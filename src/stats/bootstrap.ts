import { invalidOption } from '../errors.js';
import { definedValues, type MaybeNumber, mean } from './defined.js';
import { percentileOfSorted } from './percentile.js';
import { createRandom, type RandomSource } from './random.js';

export interface BootstrapOptions {
  /** Number of resamples (default 1000). */
  resamples?: number;
  /** Seed of the generator (default 0); ignored when `random` is given. */
  seed?: number | string;
  /** Confidence level (default 0.95). */
  level?: number;
  /** An injected source of uniform numbers, for tests and simulations. */
  random?: RandomSource;
}

export interface BootstrapInterval {
  mean: number | null;
  low: number | null;
  high: number | null;
  /** How many defined values the interval rests on. */
  n: number;
}

/**
 * The mean of the defined values with a percentile bootstrap interval: resample with replacement,
 * take each resample's mean, read the (1 - level)/2 and (1 + level)/2 percentiles (linear, as
 * numpy). Same values and seed, same interval, every run. No values: all `null`, `n: 0`.
 *
 * @example
 * bootstrapCI([3, 5, null, 4]); // { mean: 4, low: ..., high: ..., n: 3 }
 */
export function bootstrapCI(
  values: Iterable<MaybeNumber>,
  options: BootstrapOptions = {},
): BootstrapInterval {
  const resamples = options.resamples ?? 1000;
  const level = options.level ?? 0.95;
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw invalidOption('resamples', 'a positive integer', resamples);
  }
  if (typeof level !== 'number' || !(level > 0 && level < 1)) {
    throw invalidOption('level', 'a number between 0 and 1', level);
  }
  const data = definedValues(values);
  const n = data.length;
  if (n === 0) return { mean: null, low: null, high: null, n: 0 };
  const random = options.random ?? createRandom(options.seed ?? 0);
  const sample = Float64Array.from(data);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += sample[Math.floor(random() * n)]!;
    means[r] = sum / n;
  }
  means.sort();
  const tail = ((1 - level) / 2) * 100;
  return {
    mean: mean(data),
    low: percentileOfSorted(means, tail),
    high: percentileOfSorted(means, 100 - tail),
    n,
  };
}
