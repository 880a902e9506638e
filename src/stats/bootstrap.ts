import { invalidOption } from '../core/index.js';
import { AleaStream } from './alea.js';
import { definedValues, type MaybeNumber, mean } from './defined.js';
import { percentileOfSorted } from './percentile.js';
import type { RandomSource } from './random.js';

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

const empty = (): BootstrapInterval => ({ mean: null, low: null, high: null, n: 0 });

function checked(options: BootstrapOptions): { resamples: number; level: number } {
  const resamples = options.resamples ?? 1000;
  const level = options.level ?? 0.95;
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw invalidOption('resamples', 'a positive integer', resamples);
  }
  if (typeof level !== 'number' || !(level > 0 && level < 1)) {
    throw invalidOption('level', 'a number between 0 and 1', level);
  }
  return { resamples, level };
}

// Resamples every column of one size with one stream of index draws: the seeded stream restarts for
// each column, so columns of equal size draw the same indices, and one draw serves them all. Each
// column still sums its draws in draw order, so every mean is bit for bit the per-column one; four
// columns are summed side by side, so that their additions overlap instead of waiting in one chain.
function resampleMeans(
  columns: readonly Float64Array[],
  n: number,
  resamples: number,
  seed: number | string,
): Float64Array[] {
  const stream = new AleaStream(seed);
  const indices = new Uint32Array(n);
  const means = columns.map(() => new Float64Array(resamples));
  const grouped = columns.length - (columns.length % 4);
  for (let r = 0; r < resamples; r++) {
    stream.fillIndices(indices, n);
    for (let c = 0; c < grouped; c += 4) {
      const a = columns[c]!;
      const b = columns[c + 1]!;
      const d = columns[c + 2]!;
      const e = columns[c + 3]!;
      let sa = 0;
      let sb = 0;
      let sd = 0;
      let se = 0;
      for (let i = 0; i < n; i++) {
        const j = indices[i]!;
        sa += a[j]!;
        sb += b[j]!;
        sd += d[j]!;
        se += e[j]!;
      }
      means[c]![r] = sa / n;
      means[c + 1]![r] = sb / n;
      means[c + 2]![r] = sd / n;
      means[c + 3]![r] = se / n;
    }
    for (let c = grouped; c < columns.length; c++) {
      const sample = columns[c]!;
      let sum = 0;
      for (let i = 0; i < n; i++) sum += sample[indices[i]!]!;
      means[c]![r] = sum / n;
    }
  }
  return means;
}

// The old loop, for an injected source: one call per draw, consumed in order.
function resampleWith(sample: Float64Array, resamples: number, random: RandomSource): Float64Array {
  const n = sample.length;
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += sample[Math.floor(random() * n)]!;
    means[r] = sum / n;
  }
  return means;
}

function isConstant(values: readonly number[]): boolean {
  const first = values[0];
  for (let i = 1; i < values.length; i++) if (values[i] !== first) return false;
  return true;
}

function interval(data: readonly number[], means: Float64Array, level: number): BootstrapInterval {
  means.sort();
  const tail = ((1 - level) / 2) * 100;
  return {
    mean: mean(data),
    low: percentileOfSorted(means, tail),
    high: percentileOfSorted(means, 100 - tail),
    n: data.length,
  };
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
  return bootstrapCIs([values], options)[0]!;
}

/**
 * `bootstrapCI` of many columns at once, each exactly as `bootstrapCI(column, options)` gives it;
 * faster because columns with as many defined values share the index draws of the seeded stream,
 * and a constant column, whose every resampled mean is its mean, is not resampled.
 * With an injected `random`, the columns are resampled one after another from that one source.
 *
 * @example
 * bootstrapCIs([[1, 2, 3], [0, 1, null]]); // [bootstrapCI([1, 2, 3]), bootstrapCI([0, 1, null])]
 */
export function bootstrapCIs(
  columns: readonly Iterable<MaybeNumber>[],
  options: BootstrapOptions = {},
): BootstrapInterval[] {
  const { resamples, level } = checked(options);
  const data = columns.map((values) => definedValues(values));
  const out: BootstrapInterval[] = data.map(empty);
  const random = options.random;
  if (random !== undefined) {
    data.forEach((values, c) => {
      if (values.length > 0)
        out[c] = interval(values, resampleWith(Float64Array.from(values), resamples, random), level);
    });
    return out;
  }
  const bySize = new Map<number, number[]>();
  data.forEach((values, c) => {
    if (values.length === 0) return;
    // Every resample of a constant column sums the same value as often, in the same order, as its
    // mean does: each resampled mean, so both ends of the interval, is the mean to the last bit.
    if (isConstant(values)) {
      const at = mean(values);
      out[c] = { mean: at, low: at, high: at, n: values.length };
      return;
    }
    const group = bySize.get(values.length);
    if (group === undefined) bySize.set(values.length, [c]);
    else group.push(c);
  });
  for (const [n, group] of bySize) {
    const samples = group.map((c) => Float64Array.from(data[c]!));
    const means = resampleMeans(samples, n, resamples, options.seed ?? 0);
    group.forEach((c, k) => {
      out[c] = interval(data[c]!, means[k]!, level);
    });
  }
  return out;
}
