import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DECISION_RULE, type DecisionRule, formatNumber as num } from '../../report/index.js';
import { readTasks, rolloutTasks, type Task, taskIdOf } from '../../retrieval/index.js';
import {
  minimumDetectableEffect,
  minimumDetectableEffectBinary,
  repeatedSd,
  tasksNeeded,
  tasksNeededBinary,
  varianceComponents,
} from '../../stats/index.js';
import { METRIC_COLUMNS, type TrajectoryMetrics } from '../../trajectory/index.js';
import { campaignPaths } from '../campaign/campaign-dir.js';
import { readArmResults } from './arm-results.js';
import { readPlan } from './plan.js';

const POWER = 0.8;

/** One headline row's power: what a pilot (or an earlier run) measured and what it implies. */
export interface RowPower {
  key: string;
  kind: 'continuous' | 'binary';
  /** Tasks the pilot measured the row on (both arms defined). */
  pilotTasks: number;
  /** Continuous rows: the sd of a task's paired difference at the planned K (`repeatedSd`). */
  sd: number | null;
  /** 0/1 rows at K = 1: the share of pilot tasks whose outcome differed between the arms. */
  discordant: number | null;
  /** The smallest true change detectable at 80% power, one-sided at alpha, with n tasks x K. */
  mde: number | null;
  /** Tasks needed to detect `--detect` at 80% power (null without `--detect` or a measure). */
  tasksForDetect: number | null;
}

export interface PowerPlan {
  /** Where the variance came from: `pilot of N tasks` or `run DIR`. */
  from: string;
  alpha: number;
  power: number;
  tasks: number;
  repeats: number;
  detect: number | null;
  rows: RowPower[];
}

// The rows a plan's power is shown for: its decision rule's primary, guards and watched rows.
const headline = (rule: DecisionRule = DEFAULT_DECISION_RULE) => [
  rule.primary,
  ...rule.guards,
  ...rule.watched,
];

/**
 * Per headline row, per task, each repeat's paired difference (candidate - baseline at that
 * repeat), from a campaign directory's arms: a pilot's first tasks, or any earlier run.
 */
export async function pairedDifferences(
  dir: string,
  options: { tasks?: readonly Task[]; rule?: DecisionRule } = {},
): Promise<Map<string, number[][]>> {
  const plan = readPlan(campaignPaths(dir).plan);
  const rollouts = options.tasks
    ? rolloutTasks(options.tasks, plan.tasks.repeats)
    : await readTasks(campaignPaths(dir).inputs);
  const commit = (arm: string) => plan.arms.find((a) => a.arm === arm)!.commit;
  const base = await readArmResults(dir, 'baseline', commit('baseline'), rollouts);
  const cand = await readArmResults(dir, 'candidate', commit('candidate'), rollouts);
  const out = new Map<string, number[][]>();
  for (const spec of headline(options.rule ?? plan.decision_rule)) {
    const column = METRIC_COLUMNS.find((c) => c.key === spec.key)!;
    const byTask = new Map<string, number[]>();
    for (const rollout of rollouts) {
      const a = base.results.metrics.get(rollout.id) as TrajectoryMetrics | undefined;
      const b = cand.results.metrics.get(rollout.id) as TrajectoryMetrics | undefined;
      const x = a === undefined ? null : column.read(a);
      const y = b === undefined ? null : column.read(b);
      if (x === null || y === null) continue;
      const task = taskIdOf(rollout);
      byTask.set(task, [...(byTask.get(task) ?? []), y - x]);
    }
    out.set(spec.key, [...byTask.values()]);
  }
  return out;
}

/**
 * What n tasks x K repeats can detect on each headline row at 80% power, one-sided at `alpha`
 * (the report's tests): a continuous row (or a 0/1 row with K > 1, tested on shares) from the
 * variance components of its paired differences (`varianceComponents`, then `repeatedSd` at the
 * planned K: repeats shrink the rollout noise, never the tasks' spread); a 0/1 row at K = 1 from
 * its pilot discordance by McNemar's exact power. With `detect`, the tasks each row needs for it.
 *
 * @example
 * powerPlan(await pairedDifferences('runs/demo'), { from: 'pilot of 4 tasks', tasks: 12, repeats: 1, alpha: 0.05 });
 */
export function powerPlan(
  differences: ReadonlyMap<string, number[][]>,
  options: {
    from: string;
    tasks: number;
    repeats: number;
    alpha: number;
    detect?: number | null;
    rule?: DecisionRule;
  },
): PowerPlan {
  const { tasks: n, repeats, alpha } = options;
  const detect = options.detect ?? null;
  const rows = headline(options.rule).map((spec): RowPower => {
    const column = METRIC_COLUMNS.find((c) => c.key === spec.key)!;
    const perTask = differences.get(spec.key) ?? [];
    const binary = column.kind === 'binary' && repeats === 1;
    if (binary) {
      const firsts = perTask.map((values) => values[0]!);
      const discordant = firsts.length === 0 ? null : firsts.filter((d) => d !== 0).length / firsts.length;
      const base = { alpha, power: POWER, sided: 'one' as const, discordantRate: discordant };
      return {
        key: spec.key,
        kind: 'binary',
        pilotTasks: firsts.length,
        sd: null,
        discordant,
        mde: discordant === null || discordant === 0 ? null : minimumDetectableEffectBinary({ ...base, n }),
        tasksForDetect:
          detect === null || discordant === null || detect > discordant
            ? null
            : tasksNeededBinary({ ...base, effect: detect }),
      };
    }
    const parts = varianceComponents(perTask);
    // One repeat per task measures no within part: the tasks' mean sd is then the whole of it.
    const sd =
      parts.withinSd === null || parts.betweenSd === null
        ? parts.taskMeanSd
        : repeatedSd({ betweenSd: parts.betweenSd, withinSd: parts.withinSd, repeats });
    const base = { alpha, power: POWER, sided: 'one' as const, sd };
    return {
      key: spec.key,
      kind: 'continuous',
      pilotTasks: parts.tasks,
      sd,
      discordant: null,
      mde: minimumDetectableEffect({ ...base, n }),
      tasksForDetect: detect === null || sd === null ? null : tasksNeeded({ ...base, effect: detect }),
    };
  });
  return { from: options.from, alpha, power: POWER, tasks: n, repeats, detect, rows };
}

/** The power section as the plan prints it. */
export function renderPowerPlan(plan: PowerPlan): string {
  const lines = [
    `Power (from the ${plan.from}): the smallest change each headline row can detect at ${plan.power * 100}% power, one-sided α = ${plan.alpha}, with ${plan.tasks} tasks x ${plan.repeats} repeat(s)${plan.detect === null ? '' : `, and the tasks needed to detect ${plan.detect}`}:`,
  ];
  for (const row of plan.rows) {
    const measured =
      row.kind === 'binary'
        ? `discordant ${num(row.discordant)} over ${row.pilotTasks} tasks`
        : `sd of a paired difference ${num(row.sd)} over ${row.pilotTasks} tasks`;
    const needed =
      plan.detect === null
        ? ''
        : `; ${row.tasksForDetect === null ? 'n/a' : row.tasksForDetect} tasks for ${plan.detect}`;
    lines.push(
      `  ${row.key}: detects ${row.mde === null ? 'n/a' : `±${num(row.mde)}`} (${measured})${needed}`,
    );
  }
  return lines.join('\n');
}

/** Writes `power.json` beside `plan.json` and returns the printed section. */
export function writePowerPlan(dir: string, plan: PowerPlan): string {
  writeFileSync(join(dir, 'power.json'), `${JSON.stringify(plan, null, 2)}\n`);
  return renderPowerPlan(plan);
}
