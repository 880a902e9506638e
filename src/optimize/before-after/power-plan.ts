import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mean } from 'simple-statistics';
import { DEFAULT_DECISION_RULE, type DecisionRule, formatNumber as num } from '../../report/index.js';
import { readTasks, rolloutTasks, type Task, taskIdOf } from '../../retrieval/index.js';
import {
  minimumDetectableEffect,
  minimumDetectableEffectBinary,
  tasksNeeded,
  tasksNeededBinary,
} from '../../stats/index.js';
import { METRIC_COLUMNS, type TrajectoryMetrics } from '../../trajectory/index.js';
import { campaignPaths } from '../campaign/campaign-dir.js';
import { readArmResults } from './arm-results.js';
import { type DetectSpec, effectFor, effectText } from './detect.js';
import {
  differenceSd,
  type MarginRowPower,
  marginRowPowers,
  renderMarginPowers,
} from './margin-power-plan.js';
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
  /** The change `--detect` asked of this row, as an amount of the row (a relative one resolved on the baseline mean). */
  effect: { stated: string; amount: number | null } | null;
  /** Tasks needed to detect `effect` at 80% power (null without one or a measure). */
  tasksForDetect: number | null;
  /** Why nothing can be said: the pilot's differences do not vary, no outcome differed. */
  notEstimable: string | null;
}

export interface PowerPlan {
  /** Where the variance came from: `pilot of N tasks` or `run DIR`. */
  from: string;
  alpha: number;
  power: number;
  tasks: number;
  repeats: number;
  detect: DetectSpec | null;
  rows: RowPower[];
  /** `--margin` rows: the tasks each test needs and the planned tasks' power (`marginRowPowers`). */
  margins: MarginRowPower[];
}

/** A pilot's (or an earlier run's) paired differences per headline row, and the baseline's mean of each. */
export interface PairedDifferences {
  /** Per row, per task, each repeat's candidate - baseline. */
  byRow: Map<string, number[][]>;
  /** Per row, the baseline arm's mean over the paired rollouts (what a relative effect is a share of). */
  baselineMean: Map<string, number | null>;
}

// The rows a plan's power is shown for: its decision rule's primary, guards and watched rows.
const headline = (rule: DecisionRule = DEFAULT_DECISION_RULE) => [
  rule.primary,
  ...rule.guards,
  ...rule.watched,
];

// The rows a pilot's differences are read for: the headline rows, then any margin's that has a column.
const measuredKeys = (rule: DecisionRule | undefined, margins: readonly string[]) => [
  ...new Set([
    ...headline(rule).map((spec) => spec.key),
    ...margins.filter((key) => METRIC_COLUMNS.some((column) => column.key === key)),
  ]),
];

/**
 * Per headline row, per task, each repeat's paired difference (candidate - baseline at that
 * repeat), from a campaign directory's arms: a pilot's first tasks, or any earlier run.
 */
export async function pairedDifferences(
  dir: string,
  options: {
    tasks?: readonly Task[];
    rule?: DecisionRule;
    /** Margin rows read too (default: the run's own plan's `margins`). */
    margins?: readonly string[];
  } = {},
): Promise<PairedDifferences> {
  const plan = readPlan(campaignPaths(dir).plan);
  const rollouts = options.tasks
    ? rolloutTasks(options.tasks, plan.tasks.repeats)
    : await readTasks(campaignPaths(dir).inputs);
  const commit = (arm: string) => plan.arms.find((a) => a.arm === arm)!.commit;
  const base = await readArmResults(dir, 'baseline', commit('baseline'), rollouts);
  const cand = await readArmResults(dir, 'candidate', commit('candidate'), rollouts);
  const out = new Map<string, number[][]>();
  const baselineMean = new Map<string, number | null>();
  const keys = measuredKeys(options.rule ?? plan.decision_rule, options.margins ?? Object.keys(plan.margins));
  for (const key of keys) {
    const column = METRIC_COLUMNS.find((c) => c.key === key)!;
    const byTask = new Map<string, number[]>();
    const baselines: number[] = [];
    for (const rollout of rollouts) {
      const a = base.results.metrics.get(rollout.id) as TrajectoryMetrics | undefined;
      const b = cand.results.metrics.get(rollout.id) as TrajectoryMetrics | undefined;
      const x = a === undefined ? null : column.read(a);
      const y = b === undefined ? null : column.read(b);
      if (x === null || y === null) continue;
      const task = taskIdOf(rollout);
      byTask.set(task, [...(byTask.get(task) ?? []), y - x]);
      baselines.push(x);
    }
    out.set(key, [...byTask.values()]);
    baselineMean.set(key, baselines.length === 0 ? null : mean(baselines));
  }
  return { byRow: out, baselineMean };
}

/**
 * What n tasks x K repeats can detect on each headline row at 80% power, one-sided at `alpha`
 * (the report's tests): a continuous row (or a 0/1 row with K > 1, tested on shares) from the
 * variance components of its paired differences (`varianceComponents`, then `repeatedSd` at the
 * planned K: repeats shrink the rollout noise, never the tasks' spread); a 0/1 row at K = 1 from
 * its pilot discordance by McNemar's exact power. With `detect`, the tasks each row needs for its
 * effect (`effectFor`: its own, else the one for every row; a relative one is that share of the
 * baseline's mean). A row whose pilot differences do not vary (sd 0, no discordant task) is not
 * estimable, said why, never "detects 0".
 *
 * @example
 * powerPlan(await pairedDifferences('runs/demo'), { from: 'pilot of 4 tasks', tasks: 12, repeats: 1, alpha: 0.05 });
 */
export function powerPlan(
  differences: PairedDifferences,
  options: {
    from: string;
    tasks: number;
    repeats: number;
    alpha: number;
    detect?: DetectSpec | null;
    rule?: DecisionRule;
    /** Row key -> margin (`--margin`): each test's power (`marginRowPowers`). */
    margins?: Readonly<Record<string, number>>;
  },
): PowerPlan {
  const { tasks: n, repeats, alpha } = options;
  const detect = options.detect ?? null;
  const rows = headline(options.rule).map((spec): RowPower => {
    const column = METRIC_COLUMNS.find((c) => c.key === spec.key)!;
    const perTask = differences.byRow.get(spec.key) ?? [];
    const wanted = effectFor(detect, spec.key);
    const baseline = differences.baselineMean.get(spec.key) ?? null;
    const amount =
      wanted === null
        ? null
        : !wanted.relative
          ? wanted.value
          : baseline === null || baseline === 0
            ? null
            : wanted.value * Math.abs(baseline);
    const effect = wanted === null ? null : { stated: effectText(wanted), amount };
    const binary = column.kind === 'binary' && repeats === 1;
    if (binary) {
      const firsts = perTask.map((values) => values[0]!);
      const discordant = firsts.length === 0 ? null : firsts.filter((d) => d !== 0).length / firsts.length;
      const base = { alpha, power: POWER, sided: 'one' as const, discordantRate: discordant };
      const flat = discordant === 0;
      return {
        key: spec.key,
        kind: 'binary',
        pilotTasks: firsts.length,
        sd: null,
        discordant,
        mde: discordant === null || flat ? null : minimumDetectableEffectBinary({ ...base, n }),
        effect,
        tasksForDetect:
          amount === null || discordant === null || flat || amount > discordant
            ? null
            : tasksNeededBinary({ ...base, effect: amount }),
        notEstimable: flat ? `no task's outcome differed between the arms over ${firsts.length} tasks` : null,
      };
    }
    const { sd, tasks: measured } = differenceSd(perTask, repeats);
    const flat = sd === 0;
    const base = { alpha, power: POWER, sided: 'one' as const, sd };
    return {
      key: spec.key,
      kind: 'continuous',
      pilotTasks: measured,
      sd,
      discordant: null,
      mde: flat ? null : minimumDetectableEffect({ ...base, n }),
      effect,
      tasksForDetect:
        amount === null || sd === null || flat ? null : tasksNeeded({ ...base, effect: amount }),
      notEstimable: flat ? `the paired differences do not vary (sd 0 over ${measured} tasks)` : null,
    };
  });
  const margins = marginRowPowers(differences.byRow, {
    margins: options.margins ?? {},
    guards: new Set((options.rule ?? DEFAULT_DECISION_RULE).guards.map((guard) => guard.key)),
    tasks: n,
    repeats,
    alpha,
  });
  return { from: options.from, alpha, power: POWER, tasks: n, repeats, detect, rows, margins };
}

/** The power section as the plan prints it. */
export function renderPowerPlan(plan: PowerPlan): string {
  const lines = [
    `Power (from the ${plan.from}): the smallest change each headline row can detect at ${plan.power * 100}% power, one-sided α = ${plan.alpha}, with ${plan.tasks} tasks x ${plan.repeats} repeat(s)${plan.detect === null ? '' : ', and the tasks needed for the change asked of it'}:`,
  ];
  for (const row of plan.rows) {
    if (row.notEstimable !== null) {
      lines.push(`  ${row.key}: not estimable: ${row.notEstimable}`);
      continue;
    }
    const measured =
      row.kind === 'binary'
        ? `discordant ${num(row.discordant)} over ${row.pilotTasks} tasks`
        : `sd of a paired difference ${num(row.sd)} over ${row.pilotTasks} tasks`;
    const effect = row.effect;
    const amount =
      effect === null || !effect.stated.endsWith('mean')
        ? ''
        : effect.amount === null
          ? ' (the baseline mean is 0 or unknown)'
          : ` (${num(effect.amount)})`;
    const needed =
      effect === null
        ? ''
        : `; ${row.tasksForDetect === null ? 'n/a' : row.tasksForDetect} tasks for ${effect.stated}${amount}`;
    lines.push(
      `  ${row.key}: detects ${row.mde === null ? 'n/a' : `±${num(row.mde)}`} (${measured})${needed}`,
    );
  }
  lines.push(...renderMarginPowers(plan.margins, plan.tasks));
  return lines.join('\n');
}

/** Writes `power.json` beside `plan.json` and returns the printed section. */
export function writePowerPlan(dir: string, plan: PowerPlan): string {
  writeFileSync(join(dir, 'power.json'), `${JSON.stringify(plan, null, 2)}\n`);
  return renderPowerPlan(plan);
}
