import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { beforeAfter } from '../../../src/optimize/before-after/before-after.js';
import { looksPlan, renderLooksPlan, writeLooksPlan } from '../../../src/optimize/before-after/looks-plan.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-looks-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('3 looks over 12 tasks: batches, boundaries, futility and the expected spend, by hand', () => {
  const plan = looksPlan({ looks: 3, tasks: 12, rolloutsUsd: 2 });
  expect(plan.tasks_at).toEqual([4, 8, 12]);
  expect(plan.alpha).toBe(0.1); // twice the report's one-sided 0.05
  // scipy (test/stats/reference/sequential.json): 3.200102, 2.140815, 1.694812
  expect(plan.z.map((z) => Number(z.toFixed(4)))).toEqual([3.2001, 2.1408, 1.6948]);
  // drift 1.644854 + 0.841621 = 2.486475; f_k = (1.694812 - 2.486475 (1 - t) - sqrt(1 - t) 1.281552) / sqrt(t):
  // t = 1/3: (1.694812 - 1.657650 - 1.046393) / 0.577350 = -1.748; t = 2/3: (1.694812 - 0.828825 - 0.739911) / 0.816497 = 0.154
  expect(plan.planned_drift).toBeCloseTo(2.486475, 6);
  expect(plan.futility[0]).toBeCloseTo(-1.748, 3);
  expect(plan.futility[1]).toBeCloseTo(0.154, 3);
  expect(plan.futility[2]).toBeNull();
  // Equal batches: the expected share of tasks is sequentialOutcome's expected fraction.
  expect(plan.expected_fraction).toBeGreaterThan(0.6);
  expect(plan.expected_fraction).toBeLessThan(1);
  expect(plan.expected_usd).toBeCloseTo(2 * plan.expected_fraction, 12);
  const text = renderLooksPlan(plan, 'needless_call_rate');
  expect(text).toContain(
    "Looks (--looks 3): after each batch the paired z of needless_call_rate (the primary row) decides; O'Brien-Fleming-like Lan-DeMets spending, two-sided α = 0.1",
  );
  expect(text).toContain('  1     4      3.200          -3.200     -1.748');
  expect(text).toContain('  3     12     1.695          -1.695     -');
  expect(text).toMatch(
    /Expected spend: \d+% of the rollouts \(\$\d\.\d\d of \$2\.00\) at that effect, \d+% with no effect/,
  );
  writeLooksPlan(scratch, plan, 'needless_call_rate');
  expect(JSON.parse(readFileSync(join(scratch, 'looks.json'), 'utf8'))).toEqual(plan);
});

test('Pocock-like on request; more looks than tasks refused', () => {
  expect(looksPlan({ looks: 2, spending: 'pocock', tasks: 10, rolloutsUsd: 0 }).z[0]).toBeCloseTo(1.8662, 4);
  expect(() => looksPlan({ looks: 5, tasks: 4, rolloutsUsd: 0 })).toThrow('`looks`');
});

test.each([0, 2.5, 51])(
  'before-after refuses --looks %s before any work (no repository is read)',
  async (looks) => {
    await expect(
      beforeAfter({
        repo: join(scratch, 'no-such-repo'),
        baseline: 'HEAD~1',
        candidate: 'HEAD',
        split: 'fixture-code/small_test',
        model: 'offline',
        looks,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_OPTION', data: { option: 'looks' } });
  },
);
