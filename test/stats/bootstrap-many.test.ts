import { describe, expect, test } from 'vitest';
import { bootstrapCI, bootstrapCIs } from '../../src/stats/bootstrap.js';
import { createRandom } from '../../src/stats/random.js';

// Columns of several sizes (six of 40: a group of four summed side by side and two more), with
// nulls, constants, fractions and an empty one.
function columns(): (number | null)[][] {
  const random = createRandom('columns');
  const column = (n: number, make: () => number | null) => Array.from({ length: n }, make);
  return [
    column(40, () => (random() < 0.5 ? 1 : 0)),
    column(40, () => random()),
    column(40, () => 0.1),
    column(40, () => random() * 1e6),
    column(40, () => -random()),
    column(40, () => (random() < 0.5 ? 1e-9 : 1e9)),
    column(41, () => (random() < 0.2 ? null : random() * 100)),
    column(7, () => Math.floor(random() * 5)),
    [],
    [null, null],
    [3],
  ];
}

describe('bootstrapCIs', () => {
  test.each([{}, { seed: 7 }, { seed: 'x', resamples: 37, level: 0.8 }])(
    'equals bootstrapCI column by column, bit for bit (%o)',
    (options) => {
      const data = columns();
      expect(bootstrapCIs(data, options)).toStrictEqual(data.map((values) => bootstrapCI(values, options)));
    },
  );

  test('the seeded fast path draws what an injected createRandom(seed) draws', () => {
    for (const values of columns()) {
      expect(bootstrapCI(values, { seed: 3 })).toStrictEqual(
        bootstrapCI(values, { random: createRandom(3) }),
      );
    }
  });

  test('a constant column is its own interval, as resampling it gives to the last bit', () => {
    for (const values of [Array(7).fill(0.1), Array(13).fill(1 / 3), Array(1000).fill(0.7), [-0, 0, -0]]) {
      const interval = bootstrapCI(values);
      expect(interval.low).toBe(interval.mean);
      expect(interval.high).toBe(interval.mean);
      expect(interval).toStrictEqual(bootstrapCI(values, { random: createRandom(0) }));
    }
    // 0.1 added seven times is 0.7, and 0.7 / 7 is 0.09999999999999999 (Python gives the same):
    // the mean, not the value, is what every resample gives.
    expect(bootstrapCI(Array(7).fill(0.1))).toMatchObject({
      low: 0.09999999999999999,
      high: 0.09999999999999999,
    });
  });

  test('an injected source is consumed column after column', () => {
    const data = columns();
    const shared = createRandom('one source');
    const expected = data.map((values) => bootstrapCI(values, { random: shared, resamples: 50 }));
    expect(bootstrapCIs(data, { random: createRandom('one source'), resamples: 50 })).toStrictEqual(expected);
  });

  test('no columns, and options refused before any work', () => {
    expect(bootstrapCIs([])).toEqual([]);
    expect(() => bootstrapCIs([[1]], { resamples: 1.5 })).toThrow(
      '`resamples` option to be a positive integer, got `1.5` (number)',
    );
  });
});
