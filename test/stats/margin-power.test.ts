import { describe, expect, test } from 'vitest';
import { marginPower, marginTasksNeeded } from '../../src/stats/margin-power.js';
import { loadReference } from './reference/load.js';

type Case = {
  test: 'non-inferiority' | 'equivalence';
  sd: number;
  margin: number;
  alpha: number;
  power: number;
  difference: number;
  exactTasks: number;
  exactPower: Record<string, number>;
};
const reference = loadReference<{ cases: Case[] }>('margin-power');

describe('tasks needed for a margin test', () => {
  test.each(reference.cases.map((c) => [c.test, c.sd, c.margin, c.alpha, c.power, c.difference, c] as const))(
    '%s, sd %s, margin %s, alpha %s, power %s, true difference %s: the exact smallest count (scipy), or one off',
    (_test, _sd, _margin, _alpha, _power, _difference, c) => {
      const n = marginTasksNeeded(c)!;
      expect(Math.abs(n - c.exactTasks), `ours ${n}, exact ${c.exactTasks}`).toBeLessThanOrEqual(1);
      // One short, it is short by little: the exact power there is within 1.5 points of the target.
      const exact = c.exactPower[String(n)]!;
      expect(exact).toBeGreaterThan(c.power - 0.015);
      // And the power it states for n is within 3 points of the exact power there (worst at 5 tasks).
      expect(Math.abs(marginPower({ ...c, n })! - exact)).toBeLessThan(0.03);
    },
  );

  test('by hand: sd 1, margin 0.5, one-sided 0.05, 80%', () => {
    // (1.644854 + 0.841621)^2 / 0.5^2 + 1.644854^2 / 2 = 24.73 + 1.35 = 26.08 -> 27
    expect(marginTasksNeeded({ sd: 1, margin: 0.5, alpha: 0.05, test: 'non-inferiority' })).toBe(27);
    // Phi(0.5 * sqrt(30 - 1.352772) - 1.644854) = Phi(1.031303) = 0.848800
    expect(marginPower({ sd: 1, margin: 0.5, n: 30, alpha: 0.05, test: 'non-inferiority' })).toBeCloseTo(
      0.8488,
      4,
    );
  });

  test('unknown sd is null, never 0; sd 0 needs the fewest; a difference past the margin can never pass', () => {
    expect(marginTasksNeeded({ sd: null, margin: 0.5, alpha: 0.05, test: 'equivalence' })).toBeNull();
    expect(marginPower({ sd: 1, margin: 0.5, n: 1, alpha: 0.05, test: 'equivalence' })).toBeNull();
    expect(marginTasksNeeded({ sd: 0, margin: 0.5, alpha: 0.05, test: 'equivalence' })).toBe(2);
    expect(
      marginTasksNeeded({ sd: 1, margin: 0.5, alpha: 0.05, test: 'non-inferiority', difference: -0.5 }),
    ).toBe(Number.POSITIVE_INFINITY);
    expect(() =>
      marginTasksNeeded({ sd: 1, margin: 0.5, alpha: 0.05, test: 'equivalence', difference: 0.6 }),
    ).toThrow(/difference/);
    expect(() => marginTasksNeeded({ sd: 1, margin: 0, alpha: 0.05, test: 'equivalence' })).toThrow(/margin/);
  });
});
