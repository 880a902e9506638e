import fc from 'fast-check';
import { expect, test } from 'vitest';
import { bestFirst } from '../../../src/product/search/best-first.js';

test('keeps the best `limit` offers, best first, ties by the first offered', () => {
  const best = bestFirst(3);
  for (const [id, score] of [
    [1, 0.5],
    [2, 0.9],
    [3, 0.5],
    [4, 0.2],
    [5, 0.5],
    [6, 0.7],
  ] as const)
    best.offer(id, score);
  // 0.9 and 0.7 enter; of the three 0.5s, the first offered (id 1) keeps the last place.
  expect(best.rows()).toEqual([
    { id: 2, score: 0.9 },
    { id: 6, score: 0.7 },
    { id: 1, score: 0.5 },
  ]);
  const none = bestFirst(0);
  none.offer(1, 1);
  expect(none.rows()).toEqual([]);
});

test('the same rows as sorting every offer, for any stream of ascending ids with many ties', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 400 }),
      fc.integer({ min: 0, max: 60 }),
      (values, limit) => {
        const best = bestFirst(limit);
        values.forEach((value, id) => best.offer(id, value / 4));
        const sorted = values
          .map((value, id) => ({ id, score: value / 4 }))
          .sort((a, b) => b.score - a.score || a.id - b.id)
          .slice(0, limit);
        expect(best.rows()).toEqual(sorted);
      },
    ),
  );
});
