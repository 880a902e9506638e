import { expect, test } from 'vitest';
import { powerPlan, renderPowerPlan } from '../../../src/optimize/before-after/power-plan.js';
import { minimumDetectableEffectBinary } from '../../../src/stats/index.js';

// A pilot's paired differences per row (no baseline means unless given).
const paired = (
  rows: [string, number[][]][],
  means: [string, number][] = [],
): { byRow: Map<string, number[][]>; baselineMean: Map<string, number | null> } => ({
  byRow: new Map(rows),
  baselineMean: new Map(means),
});

// What a pilot's paired differences say the whole campaign can detect, by hand.
test('one repeat: a continuous row from the sd of its differences, a 0/1 row from its discordance', () => {
  const differences = paired([
    ['needless_call_rate', [[-1], [0], [-1], [0]]],
    ['needle_reached', [[1], [0], [1], [0]]],
  ]);
  const plan = powerPlan(differences, {
    from: 'pilot of 4 tasks',
    tasks: 12,
    repeats: 1,
    alpha: 0.05,
    detect: { all: { value: 0.5, relative: false }, byKey: {} },
  });
  const needless = plan.rows.find((r) => r.key === 'needless_call_rate')!;
  // sd of (-1, 0, -1, 0) = sqrt(1/3) = 0.577350; Guenther's n' = 12 - (pi/3) * 1.644854^2 / 2 = 10.583381;
  // MDE = (1.644854 + 0.841621) * 0.577350 * sqrt(pi/3) / sqrt(10.583381) = 0.451569.
  expect(needless.sd).toBeCloseTo(0.57735, 5);
  expect(needless.mde).toBeCloseTo(0.451569, 5);
  // Tasks for 0.5: n' >= (2.486475 * 0.577350 * 1.023327 / 0.5)^2 = 8.632, plus 1.416619 -> 11 tasks.
  expect(needless.tasksForDetect).toBe(11);
  const reached = plan.rows.find((r) => r.key === 'needle_reached')!;
  expect(reached).toMatchObject({ kind: 'binary', discordant: 0.5, pilotTasks: 4 });
  expect(reached.mde).toBe(
    minimumDetectableEffectBinary({ discordantRate: 0.5, n: 12, alpha: 0.05, power: 0.8, sided: 'one' }),
  );
  // A row the pilot never measured is n/a, never 0.
  expect(plan.rows.find((r) => r.key === 'turns')).toMatchObject({
    sd: null,
    mde: null,
    tasksForDetect: null,
  });
  const text = renderPowerPlan(plan);
  expect(text).toContain('Power (from the pilot of 4 tasks)');
  expect(text).toContain(
    'needless_call_rate: detects ±0.452 (sd of a paired difference 0.577 over 4 tasks); 11 tasks for 0.5',
  );
  expect(text).toContain('turns: detects n/a');
});

test('repeats: the variance components of the differences, the sd at the planned K', () => {
  // Per task two repeats' differences: MSW = 2, task means 2, 5, 8 -> betweenSd^2 = 8, withinSd^2 = 2.
  const differences = paired([
    [
      'turns',
      [
        [1, 3],
        [4, 6],
        [7, 9],
      ],
    ],
  ]);
  const at = (repeats: number) =>
    powerPlan(differences, { from: 'run r', tasks: 30, repeats, alpha: 0.05 }).rows.find(
      (r) => r.key === 'turns',
    )!;
  expect(at(2).sd).toBeCloseTo(Math.sqrt(8 + 2 / 2), 9); // 3
  expect(at(4).sd).toBeCloseTo(Math.sqrt(8 + 2 / 4), 9);
  // With K > 1 a 0/1 row is tested on shares: it is planned as a continuous row.
  const binary = powerPlan(
    paired([
      [
        'needle_reached',
        [
          [1, 0],
          [0, 0],
          [1, 1],
        ],
      ],
    ]),
    {
      from: 'run r',
      tasks: 30,
      repeats: 2,
      alpha: 0.05,
    },
  ).rows.find((r) => r.key === 'needle_reached')!;
  expect(binary.kind).toBe('continuous');
});

test('an effect per row, a relative one on the baseline mean, and a row whose pilot does not vary', () => {
  const plan = powerPlan(
    paired(
      [
        ['needless_call_rate', [[-1], [0], [-1], [0]]],
        // Tokens: every difference the same: nothing can be said of its spread.
        ['usage.prompt', [[300], [300], [300], [300]]],
        ['turns', [[1], [-1], [1], [-1]]],
        // No task's outcome changed between the arms.
        ['needle_reached', [[0], [0], [0], [0]]],
      ],
      [
        ['usage.prompt', 5000],
        ['turns', 8],
      ],
    ),
    {
      from: 'pilot of 4 tasks',
      tasks: 12,
      repeats: 1,
      alpha: 0.05,
      // needless_call_rate 0.5 (its own), every other row 25% of its baseline mean.
      detect: {
        all: { value: 0.25, relative: true },
        byKey: { needless_call_rate: { value: 0.5, relative: false } },
      },
    },
  );
  const row = (key: string) => plan.rows.find((r) => r.key === key)!;
  expect(row('needless_call_rate')).toMatchObject({
    effect: { stated: '0.5', amount: 0.5 },
    tasksForDetect: 11,
  });
  // turns: sd of (1, -1, 1, -1) = sqrt(4/3) = 1.154701; 25% of a baseline mean of 8 is 2:
  // n' >= (2.486475 * 1.154701 * 1.023327 / 2)^2 = 2.158, plus 1.416619 -> 4 tasks; but the exact
  // signed-rank test cannot reach p <= 0.05 under 5 tasks (2^-4 = 0.0625): 5.
  expect(row('turns')).toMatchObject({
    effect: { stated: '25% of the baseline mean', amount: 2 },
    tasksForDetect: 5,
  });
  expect(row('usage.prompt')).toMatchObject({ sd: 0, mde: null, tasksForDetect: null });
  expect(row('usage.prompt').notEstimable).toBe('the paired differences do not vary (sd 0 over 4 tasks)');
  expect(row('needle_reached')).toMatchObject({ discordant: 0, mde: null, tasksForDetect: null });
  // A row with no baseline mean cannot turn a relative effect into an amount.
  expect(row('tool_calls_total')).toMatchObject({ effect: { amount: null }, tasksForDetect: null });
  const text = renderPowerPlan(plan);
  expect(text).toContain(
    'turns: detects ±0.903 (sd of a paired difference 1.155 over 4 tasks); 5 tasks for 25% of the baseline mean (2)',
  );
  expect(text).toContain(
    'usage.prompt: not estimable: the paired differences do not vary (sd 0 over 4 tasks)',
  );
  expect(text).toContain(
    "needle_reached: not estimable: no task's outcome differed between the arms over 4 tasks",
  );
  expect(text).not.toMatch(/detects ±0(\.0+)? \(/);
});

test('margins: the tasks each test needs when the arms are truly alike, and the power of the planned tasks', () => {
  const differences = paired([
    ['needle_reached', [[1], [0], [-1], [0]]],
    ['turns', [[2], [0], [-2], [0], [1], [-1]]],
    ['distinct_tools_used', [[0], [0], [0]]],
  ]);
  const plan = powerPlan(differences, {
    from: 'pilot of 6 tasks',
    tasks: 40,
    repeats: 1,
    alpha: 0.05,
    margins: { needle_reached: 0.25, turns: 1, distinct_tools_used: 1, reformulations: 1 },
  });
  const [reached, turns, tools, reformulations] = plan.margins;
  // needle_reached is a guard of the default rule: non-inferiority. sd of (1, 0, -1, 0) = sqrt(2/3) = 0.816497;
  // n' >= ((1.644854 + 0.841621) * 0.816497 / 0.25)^2 = 65.95, plus 1.644854^2 / 2 = 1.352772 -> 68 tasks;
  // with 40: Phi(0.25 * sqrt(38.647228) / 0.816497 - 1.644854) = Phi(0.258610) = 0.6020.
  expect(reached).toMatchObject({
    key: 'needle_reached',
    test: 'non-inferiority',
    pilotTasks: 4,
    tasksNeeded: 68,
  });
  expect(reached!.sd).toBeCloseTo(0.816497, 6);
  expect(reached!.power).toBeCloseTo(0.602, 4);
  // turns is no guard: equivalence (TOST). sd of (2, 0, -2, 0, 1, -1) = sqrt(2) = 1.414214;
  // power at n: 2 Phi(1 * sqrt(n - 1.352772) / 1.414214 - 1.644854) - 1 >= 0.8 first at n = 19
  // (2 Phi(1.325602) - 1 = 0.8150 at 19; 0.7851 at 18); with 40: 2 Phi(2.751008) - 1 = 0.9941.
  expect(turns).toMatchObject({ key: 'turns', test: 'equivalence', pilotTasks: 6, tasksNeeded: 19 });
  expect(turns!.power).toBeCloseTo(0.9941, 4);
  // A row whose differences do not vary, or that the pilot never measured: not estimable, said why.
  expect(tools).toMatchObject({
    tasksNeeded: null,
    power: null,
    notEstimable: 'the paired differences do not vary (sd 0 over 3 tasks)',
  });
  expect(reformulations).toMatchObject({
    tasksNeeded: null,
    notEstimable: 'no task gave a paired difference (0 tasks)',
  });
  const text = renderPowerPlan(plan);
  expect(text).toContain(
    'Margins: the tasks each test needs for 80% power when the arms are truly alike on the row, and the power of the planned 40:',
  );
  expect(text).toContain(
    '  needle_reached no worse than 0.25: 68 tasks (power with 40: 0.602; sd of a paired difference 0.816 over 4 tasks)',
  );
  expect(text).toContain('  turns within ±1: 19 tasks (power with 40: 0.994;');
  expect(text).toContain(
    '  distinct_tools_used within ±1: not estimable: the paired differences do not vary (sd 0 over 3 tasks)',
  );
});
