import fc from 'fast-check';
import { expect, test } from 'vitest';
import { bestFirst } from '../../../src/product/search/best-first.js';

test('keeps the best `limit`, best first, ties by the lower id', () => {
  const ids = [1, 2, 3, 4, 5, 6];
  const scores = [0.5, 0.9, 0.5, 0.2, 0.5, 0.7];
  // 0.9 and 0.7 are in; of the three 0.5s, the lowest id (1) takes the last place.
  expect(bestFirst(ids, scores, 3)).toEqual([
    { id: 2, score: 0.9 },
    { id: 6, score: 0.7 },
    { id: 1, score: 0.5 },
  ]);
  expect(bestFirst(ids, scores, 0)).toEqual([]);
  expect(bestFirst([], [], 5)).toEqual([]);
  // Fewer than `limit`: all of them, in order.
  expect(bestFirst([7, 9], [1, 3], 5)).toEqual([
    { id: 9, score: 3 },
    { id: 7, score: 1 },
  ]);
});

test('the same rows as sorting every score, for any ascending ids with many ties', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: -3, max: 12 }), { maxLength: 400 }),
      fc.integer({ min: 0, max: 60 }),
      (values, limit) => {
        const ids = values.map((_, at) => at * 3 + 1);
        const scores = values.map((value) => value / 4);
        const sorted = ids
          .map((id, at) => ({ id, score: scores[at]! }))
          .sort((a, b) => b.score - a.score || a.id - b.id)
          .slice(0, limit);
        expect(bestFirst(ids, scores, limit)).toEqual(sorted);
      },
    ),
  );
});
