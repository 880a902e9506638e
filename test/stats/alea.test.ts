import { describe, expect, test } from 'vitest';
import { AleaStream } from '../../src/stats/alea.js';
import { createRandom } from '../../src/stats/random.js';

describe('AleaStream', () => {
  test.each([0, 1, 'coverage', '0:key'])(
    'seed %o gives createRandom’s stream, one by one and in bulk',
    (seed) => {
      const reference = createRandom(seed);
      const single = new AleaStream(seed);
      const bulk = new AleaStream(seed);
      for (const n of [1, 2, 7, 1000, 10_007]) {
        const indices = new Uint32Array(997);
        bulk.fillIndices(indices, n);
        const draws = Array.from(indices, () => reference());
        expect(Array.from(indices, () => single.next())).toStrictEqual(draws);
        expect([...indices]).toStrictEqual(draws.map((u) => Math.floor(u * n)));
      }
    },
  );

  test('an empty fill consumes nothing', () => {
    const stream = new AleaStream(0);
    stream.fillIndices(new Uint32Array(0), 5);
    expect(stream.next()).toBe(createRandom(0)());
  });
});
