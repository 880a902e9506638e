import { describe, expect, test } from 'vitest';
import { AgentTrackError } from '../../src/core/errors.js';
import {
  type BinaryMethod,
  minimumDetectableEffectBinary,
  powerAtEffectBinary,
  tasksNeededBinary,
} from '../../src/stats/power-binary.js';
import type { Sided } from '../../src/stats/power-options.js';
import { closeRelative, loadReference } from './reference/load.js';

interface Common {
  discordantRate: number;
  alpha: number;
  power: number;
  sided: Sided;
  method: BinaryMethod;
}
interface Reference {
  mdeBinary: (Common & { n: number; mde: number | null })[];
  tasksBinary: (Common & { effect: number; n: number | null })[];
  powerBinary: (Omit<Common, 'power'> & { n: number; effect: number; power: number | null })[];
}
const { cases } = loadReference<{ cases: Reference }>('power');

const near = (got: number | null, want: number | null) =>
  want === null
    ? got === null
    : got !== null && (closeRelative(got, want, 1e-9) || Math.abs(got - want) < 1e-15);

describe("0/1-row power against python: Connor's formula root-found, the exact test's by scipy.stats.binom", () => {
  test('the reference holds both methods', () => {
    for (const list of [cases.mdeBinary, cases.tasksBinary, cases.powerBinary]) {
      expect(new Set(list.map((c) => c.method))).toEqual(new Set(['connor', 'exact']));
    }
  });

  test('minimumDetectableEffectBinary: every case to 1e-9 relative, nulls where no d up to psi fits', () => {
    expect(cases.mdeBinary.filter((c) => c.mde !== null).length).toBeGreaterThan(500);
    const failures = cases.mdeBinary
      .filter((c) => !near(minimumDetectableEffectBinary(c), c.mde))
      .map((c) => `${JSON.stringify(c)}: got ${minimumDetectableEffectBinary(c)}`);
    expect(failures.slice(0, 10)).toEqual([]);
  });

  test("tasksNeededBinary: Connor's n rounded up; exact: the first n whose exact power reaches it", () => {
    const failures = cases.tasksBinary
      .filter((c) => tasksNeededBinary(c) !== c.n)
      .map((c) => `${JSON.stringify(c)}: got ${tasksNeededBinary(c)}`);
    expect(failures.slice(0, 10)).toEqual([]);
  });

  test('powerAtEffectBinary: every case to 1e-9 relative', () => {
    const failures = cases.powerBinary
      .filter((c) => !near(powerAtEffectBinary(c), c.power))
      .map((c) => JSON.stringify(c));
    expect(failures.slice(0, 10)).toEqual([]);
  });
});

describe("0/1-row power by hand: Connor's formula", () => {
  const one = { alpha: 0.05, sided: 'one' as const, method: 'connor' as const };

  test('the worked examples: 30% of tasks discordant, one-sided 0.05, power 0.8', () => {
    // z_a = 1.6448536, z_b = 0.8416212: z_b^2 = 0.7083263, z_a^2 = 2.7055435
    // sqrt(0.3) * (1.6448536 * sqrt(60) + 0.8416212 * sqrt(58.0027828)) / 60.7083263
    expect(minimumDetectableEffectBinary({ discordantRate: 0.3, n: 60, ...one })).toBeCloseTo(0.1727817, 7);
    // (1.6448536 * sqrt(0.3) + 0.8416212 * sqrt(0.2775))^2 / 0.0225 = 80.31
    expect(tasksNeededBinary({ discordantRate: 0.3, effect: 0.15, ...one })).toBe(81);
    // Phi((0.15 * sqrt(60) - 1.6448536 * sqrt(0.3)) / sqrt(0.2775)) = Phi(0.4954065)
    expect(powerAtEffectBinary({ discordantRate: 0.3, n: 60, effect: 0.15, ...one })).toBeCloseTo(
      0.6898434,
      7,
    );
  });

  test('a dozen tasks with 30% discordance detect nothing: even d = psi falls short', () => {
    // d = sqrt(0.3) * (1.6448536 * sqrt(12) + 0.8416212 * sqrt(10.0027828)) / 12.7083263 = 0.3603 > 0.3
    expect(minimumDetectableEffectBinary({ discordantRate: 0.3, n: 12, ...one })).toBeNull();
    expect(minimumDetectableEffectBinary({ discordantRate: 0.6, n: 12, ...one })).toBeCloseTo(0.5095, 4);
  });

  test('the MDE is the inverse of the power, and falls as tasks are added', () => {
    let last = Number.POSITIVE_INFINITY;
    for (const n of [40, 80, 160, 320, 640]) {
      const d = minimumDetectableEffectBinary({
        discordantRate: 0.4,
        n,
        alpha: 0.0125,
        power: 0.9,
        sided: 'one',
      })!;
      expect(d).toBeLessThan(last);
      last = d;
      const power = powerAtEffectBinary({ discordantRate: 0.4, n, effect: d, alpha: 0.0125, sided: 'one' });
      expect(power).toBeCloseTo(0.9, 11);
    }
  });

  test('every discordant task the candidate’s way (psi = d = 1) is a sure outcome once n > z_a^2', () => {
    // sqrt(2) = 1.414 < 1.645 < sqrt(3) = 1.732
    expect(powerAtEffectBinary({ discordantRate: 1, n: 2, effect: 1, ...one })).toBe(0);
    expect(powerAtEffectBinary({ discordantRate: 1, n: 3, effect: 1, ...one })).toBe(1);
  });

  test('null versus 0: unknown or zero discordance, under two tasks, or an effect past psi', () => {
    expect(minimumDetectableEffectBinary({ discordantRate: null, n: 30, ...one })).toBeNull();
    expect(minimumDetectableEffectBinary({ discordantRate: 0, n: 30, ...one })).toBeNull();
    expect(minimumDetectableEffectBinary({ discordantRate: 0.5, n: 1, ...one })).toBeNull();
    expect(tasksNeededBinary({ discordantRate: undefined, effect: 0.1, ...one })).toBeNull();
    expect(tasksNeededBinary({ discordantRate: 0, effect: 0.1, ...one })).toBeNull();
    expect(tasksNeededBinary({ discordantRate: 0.1, effect: 0.2, ...one })).toBeNull();
    expect(powerAtEffectBinary({ discordantRate: 0.1, n: 30, effect: 0.2, ...one })).toBeNull();
    expect(powerAtEffectBinary({ discordantRate: 0, n: 30, effect: 0, ...one })).toBe(0);
    expect(powerAtEffectBinary({ discordantRate: 0.3, n: 30, effect: 0, ...one })).toBeCloseTo(0.05, 14);
  });

  test.each([
    ['discordantRate', { discordantRate: 1.2 }],
    ['discordantRate', { discordantRate: -0.1 }],
    ['discordantRate', { discordantRate: '0.3' }],
    ['alpha', { alpha: 0 }],
    ['power', { power: 0.3 }],
    ['sided', { sided: 'left' }],
    ['n', { n: 12.5 }],
    ['method', { method: 'normal' }],
  ])('minimumDetectableEffectBinary refuses a bad `%s` by name', (option, bad) => {
    const call = () =>
      minimumDetectableEffectBinary({ discordantRate: 0.3, n: 30, alpha: 0.05, ...bad } as never);
    expect(call).toThrow(AgentTrackError);
    expect(call).toThrow(`\`${option}\``);
  });

  test.each([0, -0.2, 1.5])('tasksNeededBinary refuses an effect of %s', (effect) => {
    const call = () => tasksNeededBinary({ discordantRate: 0.3, effect, alpha: 0.05 });
    if (effect > 1) expect(call()).toBeNull();
    else expect(call).toThrow('`effect`');
  });
});

describe("0/1-row power by hand: the exact test's (the default)", () => {
  const one = { alpha: 0.05, sided: 'one' as const };

  test('every task discordant: the power is a binomial tail over the candidate-only count', () => {
    // psi = 1, n = 5: all 5 discordant; only c = 5 rejects (p = 1/32 <= 0.05; c = 4: 6/32 > 0.05).
    // d = 0.2: theta = (1 + 0.2) / 2 = 0.6, power = 0.6^5 = 0.07776.
    expect(powerAtEffectBinary({ discordantRate: 1, n: 5, effect: 0.2, ...one })).toBeCloseTo(0.07776, 14);
    // n = 2: not even c = 2 rejects (p = 1/4): the power is 0 whatever the effect.
    expect(powerAtEffectBinary({ discordantRate: 1, n: 2, effect: 1, ...one })).toBe(0);
  });

  test('half the tasks discordant, all the candidate’s way: P(at least 5 of 6 discordant)', () => {
    // m ~ Binomial(6, 1/2); m = 5 rejects at c = 5 (1/32), m = 6 at c = 6 (1/64; c = 5: 7/64 > 0.05),
    // m <= 4 never (1/16 > 0.05). theta = 1, so c = m: power = P(m >= 5) = (6 + 1) / 64.
    expect(powerAtEffectBinary({ discordantRate: 0.5, n: 6, effect: 0.5, ...one })).toBeCloseTo(7 / 64, 14);
  });

  test("the exact test is conservative: its MDE is above Connor's, its power below", () => {
    const exact = minimumDetectableEffectBinary({ discordantRate: 0.3, n: 60, ...one })!;
    const connor = minimumDetectableEffectBinary({ discordantRate: 0.3, n: 60, ...one, method: 'connor' })!;
    expect(exact).toBeCloseTo(0.18116, 5);
    expect(exact).toBeGreaterThan(connor);
    expect(powerAtEffectBinary({ discordantRate: 0.3, n: 60, effect: exact, ...one })).toBeCloseTo(0.8, 9);
    const power = powerAtEffectBinary({ discordantRate: 0.3, n: 60, effect: 0.15, ...one })!;
    expect(power).toBeLessThan(
      powerAtEffectBinary({ discordantRate: 0.3, n: 60, effect: 0.15, ...one, method: 'connor' })!,
    );
  });

  test("tasksNeededBinary: the first n that reaches the power, Connor's n past 1000 tasks", () => {
    const n = tasksNeededBinary({ discordantRate: 0.35, effect: 0.15, ...one })!;
    expect(powerAtEffectBinary({ discordantRate: 0.35, n, effect: 0.15, ...one })).toBeGreaterThanOrEqual(
      0.8,
    );
    for (let fewer = 2; fewer < n; fewer++) {
      expect(powerAtEffectBinary({ discordantRate: 0.35, n: fewer, effect: 0.15, ...one })).toBeLessThan(0.8);
    }
    const far = { discordantRate: 0.5, effect: 0.03, ...one };
    expect(tasksNeededBinary(far)).toBe(tasksNeededBinary({ ...far, method: 'connor' }));
    expect(tasksNeededBinary(far)).toBeGreaterThan(1000);
  });

  test('null versus 0 as for Connor', () => {
    expect(minimumDetectableEffectBinary({ discordantRate: 0, n: 30, ...one })).toBeNull();
    expect(minimumDetectableEffectBinary({ discordantRate: 0.3, n: 12, ...one })).toBeNull();
    expect(tasksNeededBinary({ discordantRate: 0.1, effect: 0.2, ...one })).toBeNull();
    expect(powerAtEffectBinary({ discordantRate: 0, n: 30, effect: 0, ...one })).toBe(0);
    // With no effect the exact test's size, at most alpha.
    const size = powerAtEffectBinary({ discordantRate: 0.3, n: 30, effect: 0, ...one })!;
    expect(size).toBeGreaterThan(0);
    expect(size).toBeLessThanOrEqual(0.05);
  });
});
