import { describe, expect, test } from 'vitest';
import { AgentTrackError } from '../../src/core/errors.js';
import {
  minimumDetectableEffect,
  powerAtEffect,
  type SmallSample,
  tasksNeeded,
} from '../../src/stats/power.js';
import type { Sided } from '../../src/stats/power-options.js';
import { closeRelative, loadReference } from './reference/load.js';

interface Common {
  alpha: number;
  power: number;
  sided: Sided;
  smallSample: SmallSample;
}
interface Reference {
  mde: (Common & { sd: number; n: number; mde: number | null })[];
  tasks: (Common & { sd: number; effect: number; n: number })[];
  power: (Omit<Common, 'power'> & { sd: number; n: number; effect: number; power: number })[];
}
const { cases } = loadReference<{ cases: Reference }>('power');

const near = (got: number | null, want: number | null) =>
  want === null
    ? got === null
    : got !== null && (closeRelative(got, want, 1e-9) || Math.abs(got - want) < 1e-15);

describe('continuous-row power against scipy.stats.norm.ppf (test/stats/reference/generate-power.py)', () => {
  test('minimumDetectableEffect: every case to 1e-9 relative', () => {
    expect(cases.mde.length).toBeGreaterThan(1000);
    const failures = cases.mde
      .filter((c) => !near(minimumDetectableEffect(c), c.mde))
      .map((c) => `${JSON.stringify(c)}: got ${minimumDetectableEffect(c)}`);
    expect(failures.slice(0, 10)).toEqual([]);
  });

  test('tasksNeeded: the count python reaches by counting up from 2', () => {
    const failures = cases.tasks.filter((c) => tasksNeeded(c) !== c.n).map((c) => JSON.stringify(c));
    expect(failures.slice(0, 10)).toEqual([]);
  });

  test('powerAtEffect: every case to 1e-9 relative', () => {
    const failures = cases.power
      .filter((c) => !near(powerAtEffect(c), c.power))
      .map((c) => JSON.stringify(c));
    expect(failures.slice(0, 10)).toEqual([]);
  });
});

describe('continuous-row power by hand', () => {
  const one = { alpha: 0.05, sided: 'one' as const };

  test('the worked examples: sd 0.3 over 30 tasks, one-sided 0.05, power 0.8', () => {
    // z_0.95 + z_0.8 = 1.6448536 + 0.8416212 = 2.4864749; sqrt(pi/3) = 1.0233267.
    // Guenther takes (pi/3) * 1.6448536^2 / 2 = 1.4166192 pairs off: 30 count as 28.5833808.
    expect(minimumDetectableEffect({ sd: 0.3, n: 30, ...one })).toBeCloseTo(0.1427785, 7);
    // (2.4864749 * 0.3 * 1.0233267 / 0.1)^2 + 1.4166192 = 59.69
    expect(tasksNeeded({ sd: 0.3, effect: 0.1, ...one })).toBe(60);
    // Phi(0.1 * sqrt(28.5833808) / (0.3 * 1.0233267) - 1.6448536) = Phi(0.0966374)
    expect(powerAtEffect({ sd: 0.3, n: 30, effect: 0.1, ...one })).toBeCloseTo(0.5384928, 7);
  });

  test('the plain normal approximation, without the small-sample correction', () => {
    const plain = { ...one, smallSample: 'none' as const };
    // 2.4864749 * 0.3 / sqrt(30) * 1.0233267
    expect(minimumDetectableEffect({ sd: 0.3, n: 30, ...plain })).toBeCloseTo(0.1393667, 7);
    // (2.4864749 * 0.3 * 1.0233267 / 0.1)^2 = 58.27
    expect(tasksNeeded({ sd: 0.3, effect: 0.1, ...plain })).toBe(59);
    // Phi(0.1 * sqrt(30) / (0.3 * 1.0233267) - 1.6448536) = Phi(0.1392705)
    expect(powerAtEffect({ sd: 0.3, n: 30, effect: 0.1, ...plain })).toBeCloseTo(0.5553818, 7);
    const at = (n: number) => minimumDetectableEffect({ sd: 0.47, n, ...plain })!;
    expect(at(120)).toBeCloseTo(at(30) / 2, 14);
  });

  test('two-sided at 0.05 is one-sided at 0.025; the default is two-sided at power 0.8', () => {
    const two = minimumDetectableEffect({ sd: 1, n: 16, alpha: 0.05, smallSample: 'none' });
    // (1.959964 + 0.841621) / 4 * 1.0233267
    expect(two).toBeCloseTo(((1.959963984540054 + 0.8416212335729143) / 4) * Math.sqrt(Math.PI / 3), 12);
    const one025 = minimumDetectableEffect({ sd: 1, n: 16, alpha: 0.025, sided: 'one', smallSample: 'none' });
    expect(one025).toBeCloseTo(two!, 14);
  });

  test('the power at the MDE is the power asked', () => {
    for (const smallSample of ['guenther', 'none'] as const) {
      const options = { sd: 0.47, alpha: 0.0125, sided: 'one' as const, smallSample };
      const effect = minimumDetectableEffect({ ...options, n: 30, power: 0.9 })!;
      expect(powerAtEffect({ ...options, n: 30, effect })).toBeCloseTo(0.9, 12);
    }
  });

  test("the exact test's floor: below log2(1/alpha) tasks nothing is detectable", () => {
    // One-sided: 2^-4 = 0.0625 > 0.05 >= 2^-5; at 0.0125, 2^-6 = 0.0156 > 0.0125 >= 2^-7.
    expect(minimumDetectableEffect({ sd: 0.3, n: 4, ...one })).toBeNull();
    expect(minimumDetectableEffect({ sd: 0.3, n: 5, ...one })).not.toBeNull();
    expect(minimumDetectableEffect({ sd: 0.3, n: 6, alpha: 0.0125, sided: 'one' })).toBeNull();
    expect(minimumDetectableEffect({ sd: 0, n: 7, alpha: 0.0125, sided: 'one' })).toBe(0);
    // Two-sided doubles it: 2 * 2^-5 = 0.0625 > 0.05 >= 2 * 2^-6.
    expect(minimumDetectableEffect({ sd: 0.3, n: 5, alpha: 0.05, smallSample: 'none' })).toBeNull();
    expect(minimumDetectableEffect({ sd: 0.3, n: 6, alpha: 0.05, smallSample: 'none' })).not.toBeNull();
    expect(tasksNeeded({ sd: 0, effect: 0.1, ...one })).toBe(5);
    expect(powerAtEffect({ sd: 0.3, n: 4, effect: 1, ...one })).toBe(0);
  });

  test('tasksNeeded is the smallest n whose MDE fits', () => {
    for (const effect of [0.03, 0.1, 0.25]) {
      const n = tasksNeeded({ sd: 0.3, effect, ...one })!;
      expect(minimumDetectableEffect({ sd: 0.3, n, ...one })).toBeLessThanOrEqual(effect);
      expect(minimumDetectableEffect({ sd: 0.3, n: n - 1, ...one })).toBeGreaterThan(effect);
    }
  });

  test('null versus 0: unknown sd or under two tasks is null; sd 0 detects anything', () => {
    expect(minimumDetectableEffect({ sd: null, n: 30, ...one })).toBeNull();
    expect(minimumDetectableEffect({ sd: undefined, n: 30, ...one })).toBeNull();
    expect(minimumDetectableEffect({ sd: 0.3, n: 1, ...one })).toBeNull();
    expect(minimumDetectableEffect({ sd: 0.3, n: 0, ...one })).toBeNull();
    expect(minimumDetectableEffect({ sd: 0, n: 12, ...one })).toBe(0);
    expect(tasksNeeded({ sd: null, effect: 0.1, ...one })).toBeNull();
    expect(tasksNeeded({ sd: 1, effect: 1e-300, ...one })).toBe(Number.POSITIVE_INFINITY);
    expect(powerAtEffect({ sd: null, n: 30, effect: 0.1, ...one })).toBeNull();
    expect(powerAtEffect({ sd: 0.3, n: 1, effect: 0.1, ...one })).toBeNull();
    expect(powerAtEffect({ sd: 0, n: 5, effect: 0.1, ...one })).toBe(1);
    expect(powerAtEffect({ sd: 0, n: 5, effect: 0, ...one })).toBe(0);
    // With no effect the chance of rejecting is the level.
    expect(powerAtEffect({ sd: 0.3, n: 30, effect: 0, ...one })).toBeCloseTo(0.05, 14);
  });

  test.each([
    ['alpha', { alpha: 0 }],
    ['alpha', { alpha: 1 }],
    ['alpha', { alpha: '0.05' }],
    ['power', { power: 0.4 }],
    ['power', { power: 1 }],
    ['sided', { sided: 'both' }],
    ['n', { n: 2.5 }],
    ['n', { n: -1 }],
    ['sd', { sd: -0.1 }],
    ['sd', { sd: Number.NaN }],
    ['smallSample', { smallSample: 'welch' }],
  ])('minimumDetectableEffect refuses a bad `%s` by name, even when sd is unknown', (option, bad) => {
    const base = { sd: 0.3, n: 30, alpha: 0.05, ...bad };
    const call = () => minimumDetectableEffect(base as never);
    expect(call).toThrow(AgentTrackError);
    expect(call).toThrow(`\`${option}\``);
    if (option !== 'sd')
      expect(() => minimumDetectableEffect({ ...base, sd: null } as never)).toThrow(`\`${option}\``);
  });

  test.each([0, -0.1, Number.POSITIVE_INFINITY])('tasksNeeded refuses an effect of %s', (effect) => {
    expect(() => tasksNeeded({ sd: 0.3, effect, alpha: 0.05 })).toThrow('`effect`');
  });

  test('powerAtEffect refuses a negative effect', () => {
    expect(() => powerAtEffect({ sd: 0.3, n: 30, effect: -0.1, alpha: 0.05 })).toThrow('`effect`');
  });
});
