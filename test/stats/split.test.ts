import { describe, expect, test } from 'vitest';
import { hamiltonApportion } from '../../src/stats/hamilton.js';
import { stratifiedSplit } from '../../src/stats/split.js';

describe('hamiltonApportion', () => {
  test.each([
    // quotas 2.0, 1.2, 0.8 -> floors 2, 1, 0; one seat left goes to the largest remainder (0.8)
    { sizes: [5, 3, 2], total: 4, expected: [2, 1, 1] },
    // quotas 1.5, 1.5, 0: tie on remainder and size -> the earlier group
    { sizes: [3, 3, 0], total: 3, expected: [2, 1, 0] },
    // quotas 0.5, 1.0, 0.5 -> floors 0, 1, 0; tie at 0.5 broken by size (equal) then index
    { sizes: [1, 2, 1], total: 2, expected: [1, 1, 0] },
    // quotas 10/3, 10/3, 10/3 -> floors 3, 3, 3; one left -> first
    { sizes: [7, 7, 7], total: 10, expected: [4, 3, 3] },
    // tie on remainder broken by the larger group: quotas 0.4 (size 2), 0.4... sizes 2 and 3 of 5 -> 0.4, 0.6
    { sizes: [2, 3], total: 1, expected: [0, 1] },
    { sizes: [], total: 0, expected: [] },
    { sizes: [4, 6], total: 0, expected: [0, 0] },
  ])('$sizes into $total', ({ sizes, total, expected }) => {
    expect(hamiltonApportion(sizes, total)).toEqual(expected);
  });

  test('refuses seats with no group to hold them', () => {
    expect(() => hamiltonApportion([0, 0], 2)).toThrow('`sizes` option');
  });
});

interface Task {
  id: string;
  repo: string;
}
const tasks = (counts: Record<string, number>): Task[] =>
  Object.entries(counts).flatMap(([repo, n]) =>
    Array.from({ length: n }, (_, i) => ({ id: `${repo}-${i}`, repo })),
  );

describe('stratifiedSplit', () => {
  const stratum = (t: Task) => t.repo;
  const id = (t: Task) => t.id;

  test('each stratum gets its Hamilton share of dev; small slices are stratified and equal in size', () => {
    // 100 tasks, dev = 50: quotas 25, 15, 10 exactly. small = min(10, 50, 50) = 10 from each side,
    // apportioned over 25, 15, 10 -> 5, 3, 2.
    const split = stratifiedSplit(tasks({ a: 50, b: 30, c: 20 }), { stratum, id, seed: 7, smallSize: 10 });
    const count = (items: Task[], repo: string) => items.filter((t) => t.repo === repo).length;
    expect([count(split.dev, 'a'), count(split.dev, 'b'), count(split.dev, 'c')]).toEqual([25, 15, 10]);
    expect([count(split.test, 'a'), count(split.test, 'b'), count(split.test, 'c')]).toEqual([25, 15, 10]);
    expect([count(split.small_dev, 'a'), count(split.small_dev, 'b'), count(split.small_dev, 'c')]).toEqual([
      5, 3, 2,
    ]);
    expect([
      count(split.small_test, 'a'),
      count(split.small_test, 'b'),
      count(split.small_test, 'c'),
    ]).toEqual([5, 3, 2]);
    const devIds = new Set(split.dev.map(id));
    expect(split.small_dev.every((t) => devIds.has(t.id))).toBe(true);
    expect(split.small_test.some((t) => devIds.has(t.id))).toBe(false);
  });

  test('every item lands exactly once; singleton strata do not all fall on one side', () => {
    // a: 4, b: 2, c: 1, d: 1 -> dev = 4: quotas 2, 1, 0.5, 0.5 -> one of c, d goes to dev.
    const split = stratifiedSplit(tasks({ a: 4, b: 2, c: 1, d: 1 }), { stratum, id, seed: 0 });
    expect([...split.dev, ...split.test].map(id).sort()).toEqual(
      tasks({ a: 4, b: 2, c: 1, d: 1 }).map(id).sort(),
    );
    expect(split.dev.filter((t) => t.repo === 'a')).toHaveLength(2);
    expect(split.dev.filter((t) => t.repo === 'b')).toHaveLength(1);
    expect(split.dev.filter((t) => t.repo === 'c' || t.repo === 'd')).toHaveLength(1);
    // small = min(30, 4, 4): the whole of each side
    expect(split.small_dev).toHaveLength(4);
    expect(split.small_test).toHaveLength(4);
  });

  test('same seed, same split, whatever the input order; another seed moves items', () => {
    const items = tasks({ a: 20, b: 11, c: 9 });
    const first = stratifiedSplit(items, { stratum, id, seed: 3 });
    const again = stratifiedSplit([...items].reverse(), { stratum, id, seed: 3 });
    expect(again.dev.map(id)).toEqual(first.dev.map(id));
    expect(again.small_test.map(id)).toEqual(first.small_test.map(id));
    expect(stratifiedSplit(items, { stratum, id, seed: 4 }).dev.map(id)).not.toEqual(first.dev.map(id));
  });

  test('empty input gives four empty slices', () => {
    expect(stratifiedSplit([], { stratum })).toEqual({ dev: [], test: [], small_dev: [], small_test: [] });
  });

  test('refuses a devFraction outside [0, 1]', () => {
    expect(() => stratifiedSplit([], { stratum, devFraction: 1.5 })).toThrow('`devFraction` option');
  });
});
