import { invalidOption } from '../core/index.js';
import { hamiltonApportion } from './hamilton.js';
import { createRandom, shuffled } from './random.js';

export interface SplitOptions<T> {
  /** The stratum of an item (for datasets: its repository). */
  stratum: (item: T) => string;
  seed?: number | string;
  /** Share of items in dev (default 0.5). */
  devFraction?: number;
  /** Size of small_dev and small_test (default 30, capped by the smaller side). */
  smallSize?: number;
  /** A stable id: items are sorted by it before shuffling, so input order does not matter. */
  id?: (item: T) => string;
}

export interface Split<T> {
  dev: T[];
  test: T[];
  small_dev: T[];
  small_test: T[];
}

/**
 * Splits items into dev and test, stratum by stratum: each stratum is shuffled with its own seeded
 * stream (`seed:stratum`, so adding a stratum moves no other) and cut into a dev head and a test
 * tail. How many of a stratum go to dev is the Hamilton apportionment of round(n * devFraction)
 * over the strata (so singleton strata do not all fall on one side), strata ordered by a seeded
 * shuffle to break ties. small_dev and small_test are stratified subsamples of one size from each
 * side: the heads of each stratum's part, apportioned the same way. Same items and seed, same
 * split.
 *
 * @example
 * const { dev, test, small_dev, small_test } = stratifiedSplit(tasks, { stratum: (t) => t.repo, seed: 0, id: (t) => t.id });
 */
export function stratifiedSplit<T>(items: readonly T[], options: SplitOptions<T>): Split<T> {
  const devFraction = options.devFraction ?? 0.5;
  const smallSize = options.smallSize ?? 30;
  const seed = options.seed ?? 0;
  if (typeof devFraction !== 'number' || !(devFraction >= 0 && devFraction <= 1)) {
    throw invalidOption('devFraction', 'a number from 0 to 1', devFraction);
  }
  if (!Number.isInteger(smallSize) || smallSize < 0)
    throw invalidOption('smallSize', 'a non-negative integer', smallSize);

  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = options.stratum(item);
    const group = groups.get(key) ?? [];
    group.push(item);
    groups.set(key, group);
  }
  const id = options.id;
  const keys = shuffled([...groups.keys()].sort(), createRandom(`${seed}`));
  const strata = keys.map((key) => {
    const members = groups.get(key)!;
    const ordered = id ? [...members].sort((a, b) => (id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0)) : members;
    return { key, items: shuffled(ordered, createRandom(`${seed}:${key}`)) };
  });

  const devCounts = hamiltonApportion(
    strata.map((s) => s.items.length),
    Math.round(items.length * devFraction),
  );
  const heads = strata.map((s, i) => s.items.slice(0, devCounts[i]));
  const tails = strata.map((s, i) => s.items.slice(devCounts[i]));
  const devSize = heads.reduce((n, h) => n + h.length, 0);
  const small = Math.min(smallSize, devSize, items.length - devSize);
  const subsample = (parts: T[][]) => {
    const counts = hamiltonApportion(
      parts.map((p) => p.length),
      small,
    );
    return parts.flatMap((part, i) => part.slice(0, counts[i]));
  };
  return { dev: heads.flat(), test: tails.flat(), small_dev: subsample(heads), small_test: subsample(tails) };
}
