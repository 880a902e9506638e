import fc from 'fast-check';
import { expect, test } from 'vitest';
import { seek, union, within } from '../../../src/product/search/sorted-ids.js';

// Ascending id lists without repeats, from empty to long, so both the merge and the gallop run:
// a list of a few ids against one of hundreds is galloped through.
const ids = (min: number, max: number) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: 2_000 }), { minLength: min, maxLength: max })
    .map((values) => Int32Array.from(values.sort((a, b) => a - b)));
const lists = fc.oneof(ids(0, 6), ids(40, 60), ids(400, 600));

test('seek finds the first index at or after `from` holding at least the id', () => {
  const list = Int32Array.of(2, 4, 8, 16, 32);
  expect([0, 2, 3, 5, 16, 17, 33].map((id) => seek(list, id, 0))).toEqual([0, 0, 1, 2, 3, 4, 5]);
  expect(seek(list, 3, 2)).toBe(2);
  expect(seek(new Int32Array(0), 1, 0)).toBe(0);
  fc.assert(
    fc.property(lists, fc.integer({ min: -1, max: 2_001 }), fc.nat(700), (list, id, from) => {
      const start = Math.min(from, list.length);
      const expected = list.findIndex((value, index) => index >= start && value >= id);
      expect(seek(list, id, start)).toBe(expected === -1 ? list.length : expected);
    }),
  );
});

test('union gives what sets give, ascending, whichever list is the longer', () => {
  fc.assert(
    fc.property(lists, lists, (a, b) => {
      expect([...union(a, b)]).toEqual([...new Set([...a, ...b])].sort((x, y) => x - y));
      expect([...union(b, a)]).toEqual([...union(a, b)]);
    }),
  );
});

test('within gives the positions (all, or among those given) whose id the set holds, ascending', () => {
  expect([...within(Int32Array.of(2, 4, 6), null, Int32Array.of(4, 6, 7))]).toEqual([1, 2]);
  // A short set against a long list is galloped through; the long list's positions come back.
  const long = Int32Array.from({ length: 100 }, (_, i) => i * 10);
  expect([...within(long, null, Int32Array.of(5, 900))]).toEqual([90]);
  fc.assert(
    fc.property(lists, lists, fc.boolean(), (list, set, some) => {
      const inSet = new Set(set);
      const positions = some ? Int32Array.from(list.keys()).filter((position) => position % 3 !== 1) : null;
      const expected = [...(positions ?? list.keys())].filter((position) => inSet.has(list[position]!));
      expect([...within(list, positions, set)]).toEqual(expected);
    }),
  );
});
