import { describe, expect, test } from 'vitest';
import { AgentTrackError } from '../../src/core/errors.js';
import { createRandom } from '../../src/stats/random.js';
import { type Spending, sequentialBoundaries } from '../../src/stats/sequential.js';
import { lookDecision, lookSizes } from '../../src/stats/sequential-look.js';
import { futilityBoundaries, sequentialOutcome } from '../../src/stats/sequential-outcome.js';
import { sequentialZ } from '../../src/stats/sequential-statistic.js';
import { studentTSf } from '../../src/stats/student-t.js';
import { closeRelative, loadReference } from './reference/load.js';

interface Reference {
  boundaries: { looks: number; alpha: number; spending: Spending; z: number[] }[];
  designs: {
    looks: number;
    alpha: number;
    spending: Spending;
    futility: number | null;
    planned_drift: number;
    drift: number;
    futility_z: (number | null)[];
    success: number[];
    harm: number[];
    futile: number[];
  }[];
  student: { t: number; df: number; sf: number; z: number }[];
}
const reference = loadReference<Reference>('sequential');
const round3 = (values: number[]) => values.map((v) => Number(v.toFixed(3)));

describe('sequentialBoundaries against scipy (test/stats/reference/generate-sequential.py)', () => {
  test.each(reference.boundaries)('$looks looks, alpha $alpha, $spending', (c) => {
    const design = sequentialBoundaries({ looks: c.looks, alpha: c.alpha, spending: c.spending });
    expect(design.z.length).toBe(c.looks);
    for (const [k, z] of design.z.entries()) expect(Math.abs(z - c.z[k]!)).toBeLessThan(1e-4);
    expect(design.spent.at(-1)).toBe(c.alpha);
  });

  test('the published tables: ldbounds / gsDesign / rpact, 5 looks at alpha 0.05 two-sided', () => {
    expect(round3(sequentialBoundaries({ looks: 5, alpha: 0.05 }).z)).toEqual([
      4.877, 3.357, 2.68, 2.29, 2.031,
    ]);
    expect(round3(sequentialBoundaries({ looks: 5, alpha: 0.05, spending: 'pocock' }).z)).toEqual([
      2.438, 2.427, 2.41, 2.397, 2.386,
    ]);
    // Julia's SeqBounds README: one-sided 0.05, looks at 1/4 .. 1, O'Brien-Fleming: 3.74955, 2.53993
    // (a one-sided 0.05 side is a two-sided 0.1 design).
    const oneSided = sequentialBoundaries({ looks: 4, alpha: 0.1 }).z;
    expect(oneSided[0]).toBeCloseTo(3.74955, 4);
    expect(oneSided[1]).toBeCloseTo(2.53993, 4);
  });

  test('one look is the fixed design; the spending is cumulative and ends at alpha', () => {
    const fixed = sequentialBoundaries({ looks: 1, alpha: 0.05 });
    expect(fixed.z[0]).toBeCloseTo(1.959963984540054, 12);
    const design = sequentialBoundaries({ looks: 4, alpha: 0.05, spending: 'pocock' });
    expect(design.fractions).toEqual([0.25, 0.5, 0.75, 1]);
    // 0.05 ln(1 + (e - 1) / 4) = 0.05 ln(1.429570) = 0.05 * 0.357374 = 0.0178687
    expect(design.spent[0]).toBeCloseTo(0.0178687, 6);
    expect(design.spent).toEqual([...design.spent].sort((a, b) => a - b));
  });

  test.each([
    ['looks', { looks: 0, alpha: 0.05 }],
    ['looks', { looks: 2.5, alpha: 0.05 }],
    ['looks', { looks: '3', alpha: 0.05 }],
    ['looks', { looks: 51, alpha: 0.05 }],
    ['alpha', { looks: 3, alpha: 0 }],
    ['alpha', { looks: 3, alpha: 1 }],
    ['spending', { looks: 3, alpha: 0.05, spending: 'haybittle' }],
  ])('refuses a bad `%s` by name', (option, options) => {
    const call = () => sequentialBoundaries(options as never);
    expect(call).toThrow(AgentTrackError);
    expect(call).toThrow(`\`${option}\``);
  });
});

describe('sequentialOutcome and the futility rule against scipy', () => {
  test.each(reference.designs)('$looks looks $spending, futility $futility, drift $drift', (c) => {
    const design = sequentialBoundaries({ looks: c.looks, alpha: c.alpha, spending: c.spending });
    const futility =
      c.futility === null
        ? undefined
        : futilityBoundaries(design, { drift: c.planned_drift, threshold: c.futility });
    for (const [k, f] of (futility ?? []).entries()) {
      if (f === null) expect(c.futility_z[k]).toBeNull();
      else expect(f).toBeCloseTo(c.futility_z[k]!, 4);
    }
    const outcome = sequentialOutcome(design, { drift: c.drift, futility });
    for (const key of ['success', 'harm', 'futile'] as const) {
      for (const [k, p] of outcome[key].entries()) expect(Math.abs(p - c[key][k]!)).toBeLessThan(2e-6);
    }
    const total = [...outcome.success, ...outcome.harm, ...outcome.futile].reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(1, 6);
  });

  test('at drift 0 with no futility rule, each side spends alpha / 2 look by look', () => {
    const design = sequentialBoundaries({ looks: 5, alpha: 0.05 });
    const outcome = sequentialOutcome(design, { drift: 0 });
    expect(outcome.power).toBeCloseTo(0.025, 8);
    const cumulative = outcome.success.map(
      (_, k) => 2 * outcome.success.slice(0, k + 1).reduce((a, b) => a + b, 0),
    );
    for (const [k, spent] of cumulative.entries()) expect(spent).toBeCloseTo(design.spent[k]!, 8);
  });

  test('a seeded simulation of the Brownian motion agrees (4000 paths)', () => {
    const design = sequentialBoundaries({ looks: 5, alpha: 0.1, spending: 'pocock' });
    const drift = 2.486475;
    const futility = futilityBoundaries(design, { drift, threshold: 0.1 });
    const random = createRandom(7);
    const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    for (const truth of [0, drift]) {
      let successes = 0;
      let fraction = 0;
      const paths = 4000;
      for (let path = 0; path < paths; path++) {
        let b = 0;
        for (let k = 0; k < design.looks; k++) {
          const t = design.fractions[k]!;
          b += truth * 0.2 + Math.sqrt(0.2) * gauss();
          const z = b / Math.sqrt(t);
          const stop = Math.abs(z) >= design.z[k]! || (futility[k] !== null && z < futility[k]!) || k === 4;
          if (z >= design.z[k]!) successes++;
          if (stop) {
            fraction += t;
            break;
          }
        }
      }
      const expected = sequentialOutcome(design, { drift: truth, futility });
      const se = Math.sqrt((expected.power * (1 - expected.power)) / paths);
      expect(Math.abs(successes / paths - expected.power)).toBeLessThan(4 * se + 1e-3);
      expect(Math.abs(fraction / paths - expected.expectedFraction)).toBeLessThan(0.02);
    }
  });
});

describe('the sequential statistic', () => {
  test.each(reference.student)('studentTSf($t, $df) as scipy.stats.t.sf', (c) => {
    expect(closeRelative(studentTSf(c.t, c.df), c.sf, 1e-9)).toBe(true);
  });

  test('sequentialZ: the t statistic carried to the normal scale by its tail', () => {
    // mean 0.7, sd 0.570088, t = 0.7 / (0.570088 / sqrt 5) = 2.745626; T_4 tail 0.025803 -> z 1.946406
    expect(sequentialZ([0.5, 1, 0, 1.5, 0.5])).toBeCloseTo(1.9464062634943, 9);
    expect(sequentialZ([-0.5, -1, 0, -1.5, -0.5, null])).toBeCloseTo(-1.9464062634943, 9);
    for (const c of reference.student.filter((s) => s.df === 9 && Math.abs(s.z) < 8)) {
      // Ten differences with mean t * sd / sqrt(10): any with the same t give the same z.
      const base = [-1, 1, -1, 1, -1, 1, -1, 1, -1, 1];
      const shift = (c.t * 1.0540925533894598) / Math.sqrt(10);
      expect(sequentialZ(base.map((d) => d + shift))).toBeCloseTo(c.z, 6);
    }
  });

  test('sequentialZ: undefined below two differences, infinite with no spread', () => {
    expect(sequentialZ([])).toBeNull();
    expect(sequentialZ([1, null])).toBeNull();
    expect(sequentialZ([0, 0, 0])).toBe(0);
    expect(sequentialZ([1, 1, 1])).toBe(Number.POSITIVE_INFINITY);
    expect(sequentialZ([-1, -1])).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe('looks in a run', () => {
  test('lookSizes: round(n k / K), all n at the last look; fewer units than looks refused', () => {
    expect(lookSizes(12, 5)).toEqual([2, 5, 7, 10, 12]); // 2.4, 4.8, 7.2, 9.6, 12
    expect(lookSizes(60, 5)).toEqual([12, 24, 36, 48, 60]);
    expect(lookSizes(7, 1)).toEqual([7]);
    expect(() => lookSizes(3, 5)).toThrow('`n`');
  });

  test('lookDecision: success, harm, futility (not at the last look), continue', () => {
    const design = sequentialBoundaries({ looks: 5, alpha: 0.05 }); // 4.877, 3.357, 2.680, 2.290, 2.031
    const futility = [-1, 0, 0.5, 1, null];
    expect(lookDecision(design, futility, 1, 3.4)).toBe('success');
    expect(lookDecision(design, futility, 1, -3.4)).toBe('harm');
    expect(lookDecision(design, futility, 1, -0.1)).toBe('futility');
    expect(lookDecision(design, null, 1, -0.1)).toBe('continue');
    expect(lookDecision(design, futility, 1, 3.3)).toBe('continue');
    expect(lookDecision(design, futility, 4, 0.2)).toBe('continue'); // the end, no verdict
    expect(lookDecision(design, futility, 4, 2.05)).toBe('success');
    expect(lookDecision(design, futility, 2, null)).toBe('continue');
    expect(() => lookDecision(design, futility, 5, 1)).toThrow('`k`');
  });
});
