import { describe, expect, test } from 'vitest';
import { AgentTrackError } from '../../src/core/errors.js';
import { repeatedSd, type VarianceComponents, varianceComponents } from '../../src/stats/repeats.js';
import { closeRelative, loadReference } from './reference/load.js';

interface Reference {
  components: (VarianceComponents & { perTask: number[][] })[];
  repeated: { betweenSd: number; withinSd: number; repeats: number; sd: number }[];
}
const { cases } = loadReference<{ cases: Reference }>('power');

const near = (got: number | null, want: number | null) =>
  want === null
    ? got === null
    : got !== null && (closeRelative(got, want, 1e-9) || Math.abs(got - want) < 1e-15);

describe('variance components against numpy (test/stats/reference/generate-power.py)', () => {
  test.each(cases.components.map((c, i) => [i, c] as const))('pilot %i', (_, c) => {
    const got = varianceComponents(c.perTask);
    expect([got.tasks, got.values]).toEqual([c.tasks, c.values]);
    for (const key of ['withinSd', 'betweenSd', 'taskMeanSd'] as const) {
      expect(near(got[key], c[key]), `${key}: ${got[key]} != ${c[key]}`).toBe(true);
    }
  });

  test('repeatedSd: sqrt(between^2 + within^2 / K) for every case', () => {
    for (const c of cases.repeated) expect(near(repeatedSd(c), c.sd)).toBe(true);
  });
});

describe('variance components by hand', () => {
  test('three tasks of two repeats', () => {
    // within: each pair's variance is 2, pooled MSW = 6 / 3 = 2; means 2, 5, 8 about 5:
    // MSB = 2 * (9 + 0 + 9) / 2 = 18; n0 = (6 - 12 / 6) / 2 = 2; between^2 = (18 - 2) / 2 = 8
    const got = varianceComponents([
      [1, 3],
      [4, 6],
      [7, 9],
    ]);
    expect(got.tasks).toBe(3);
    expect(got.values).toBe(6);
    expect(got.withinSd).toBeCloseTo(Math.SQRT2, 14);
    expect(got.betweenSd).toBeCloseTo(2 * Math.SQRT2, 14);
    expect(got.taskMeanSd).toBeCloseTo(3, 14);
  });

  test('what K buys: the within part shrinks by sqrt(K), the between part stays', () => {
    expect(repeatedSd({ betweenSd: 0.15, withinSd: 0.26, repeats: 1 })).toBeCloseTo(Math.sqrt(0.0901), 14);
    // sqrt(0.0225 + 0.0676 / 3) = sqrt(0.0450333)
    expect(repeatedSd({ betweenSd: 0.15, withinSd: 0.26, repeats: 3 })).toBeCloseTo(0.212211, 6);
    expect(repeatedSd({ betweenSd: 0.15, withinSd: 0, repeats: 100 })).toBe(0.15);
  });

  test('nulls are dropped, never read as 0; a task with no value is not counted', () => {
    const got = varianceComponents([[1, null, 3], [null], [], [4, 6], [7, undefined, 9]]);
    expect(got).toEqual(
      varianceComponents([
        [1, 3],
        [4, 6],
        [7, 9],
      ]),
    );
  });

  test('one repeat each: no within part, so no split; the tasks still give their spread', () => {
    const got = varianceComponents([[0.1], [0.4], [0.7]]);
    expect(got.withinSd).toBeNull();
    expect(got.betweenSd).toBeNull();
    expect(got.taskMeanSd).toBeCloseTo(0.3, 14);
  });

  test('fewer than two tasks: no between part; none at all: every part null', () => {
    const one = varianceComponents([[0.2, 0.4]]);
    expect(one).toMatchObject({ tasks: 1, values: 2, betweenSd: null, taskMeanSd: null });
    // (0.1^2 + 0.1^2) / 1
    expect(one.withinSd).toBeCloseTo(Math.sqrt(0.02), 15);
    expect(varianceComponents([])).toEqual({
      tasks: 0,
      values: 0,
      withinSd: null,
      betweenSd: null,
      taskMeanSd: null,
    });
  });

  test('repeatedSd is null when a part is unknown', () => {
    expect(repeatedSd({ betweenSd: null, withinSd: 0.2, repeats: 3 })).toBeNull();
    expect(repeatedSd({ betweenSd: 0.1, withinSd: undefined, repeats: 3 })).toBeNull();
  });

  test.each([
    ['repeats', { repeats: 0 }],
    ['repeats', { repeats: 1.5 }],
    ['betweenSd', { betweenSd: -1 }],
    ['withinSd', { withinSd: Number.POSITIVE_INFINITY }],
  ])('repeatedSd refuses a bad `%s` by name', (option, bad) => {
    const call = () => repeatedSd({ betweenSd: 0.1, withinSd: 0.2, repeats: 3, ...bad });
    expect(call).toThrow(AgentTrackError);
    expect(call).toThrow(`\`${option}\``);
  });

  test('varianceComponents refuses what is not a list of number lists', () => {
    expect(() => varianceComponents([0.3 as never])).toThrow('`perTask`');
    expect(() => varianceComponents([[0.3, Number.NaN]])).toThrow('`perTask`');
  });
});
