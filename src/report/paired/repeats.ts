import { sampleStandardDeviation } from 'simple-statistics';
import { varianceComponents } from '../../stats/index.js';
import type { MetricColumn, TrajectoryMetrics } from '../../trajectory/index.js';
import type { RepeatRow, ReportRepeats } from './report-schema.js';

/**
 * A campaign that ran each task K times: which task each rollout belongs to (`taskOf`, rollout
 * id -> task id, from `rolloutTasks`). The paired unit stays the task.
 */
export interface RepeatPlan {
  count: number;
  taskOf: ReadonlyMap<string, string>;
}

/** An arm's rollouts' metrics grouped by task, repeats in rollout order. */
export function groupByTask(
  metrics: ReadonlyMap<string, TrajectoryMetrics>,
  repeats: RepeatPlan | undefined,
): Map<string, TrajectoryMetrics[]> {
  const out = new Map<string, TrajectoryMetrics[]>();
  for (const [rollout, m] of metrics) {
    const task = repeats?.taskOf.get(rollout) ?? rollout;
    out.set(task, [...(out.get(task) ?? []), m]);
  }
  return out;
}

const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;

/**
 * One task's value of a row over its repeats: the mean of the defined ones (for a 0/1 row, the
 * share of successes), `null` when no repeat defined it.
 *
 * @example
 * taskValue([m1, m2, m3], (m) => (m.outcome === 'answered' ? 1 : 0)); // 2 of 3 answered: 0.667
 */
export function taskValue(
  runs: readonly TrajectoryMetrics[],
  read: (m: TrajectoryMetrics) => number | null,
): number | null {
  const values = runs.map(read).filter((v): v is number => v !== null && Number.isFinite(v));
  return values.length === 0 ? null : mean(values);
}

interface Tally {
  tasks: number;
  passAtK: number;
  passHatK: number;
  flaky: number;
  /** Each task's defined repeat values (continuous rows), for the pooled within-task sd. */
  groups: number[][];
}

function tally(groups: ReadonlyMap<string, TrajectoryMetrics[]>, column: RepeatColumn, k: number): Tally {
  const out: Tally = { tasks: 0, passAtK: 0, passHatK: 0, flaky: 0, groups: [] };
  for (const runs of groups.values()) {
    const values = runs.map(column.read).filter((v): v is number => v !== null && Number.isFinite(v));
    if (values.length < 2) continue;
    out.tasks++;
    if (column.kind === 'binary') {
      const good = values.filter((v) => (column.direction === 'lower' ? v === 0 : v === 1)).length;
      // pass@K and pass^K over the task's K repeats (all K must be defined for pass^K to mean "every one").
      if (good > 0) out.passAtK++;
      if (good === values.length && values.length === k) out.passHatK++;
      if (good > 0 && good < values.length) out.flaky++;
    } else {
      out.groups.push(values);
      if (values.some((v) => v !== values[0])) out.flaky++;
    }
  }
  return out;
}

type RepeatColumn = Pick<MetricColumn, 'key' | 'kind' | 'direction' | 'read'>;

function armCell(t: Tally, kind: RepeatColumn['kind']): RepeatRow['baseline'] {
  const share = (count: number) => (t.tasks === 0 ? null : count / t.tasks);
  return {
    tasks: t.tasks,
    pass_at_k: kind === 'binary' ? share(t.passAtK) : null,
    pass_hat_k: kind === 'binary' ? share(t.passHatK) : null,
    flaky: share(t.flaky),
    spread: t.groups.length === 0 ? null : varianceComponents(t.groups).withinSd,
  };
}

/** The rows the per-task repeats table shows: passes of two 0/1 rows, the spread of two continuous ones. */
export const TASK_REPEAT_ROWS = {
  passed: ['answered', 'needle_reached'],
  spread: ['tool_calls_total', 'needless_call_rate'],
} as const;

function taskCell(runs: readonly TrajectoryMetrics[], columns: readonly RepeatColumn[]) {
  const col = (key: string) => columns.find((c) => c.key === key)!;
  const defined = (key: string) =>
    runs.map(col(key).read).filter((v): v is number => v !== null && Number.isFinite(v));
  return {
    runs: runs.length,
    passed: Object.fromEntries(
      TASK_REPEAT_ROWS.passed.map((key) => [key, defined(key).filter((v) => v === 1).length]),
    ),
    spread: Object.fromEntries(
      TASK_REPEAT_ROWS.spread.map((key) => {
        const values = defined(key);
        return [key, values.length < 2 ? null : sampleStandardDeviation(values)];
      }),
    ),
  };
}

/**
 * What repeats say about each arm, per row: for a 0/1 row pass@K (the share of tasks some repeat
 * passed) and pass^K (every repeat passed), and for every row how often the arm disagrees with
 * itself (`flaky`: the share of tasks whose repeats differ) and, for a continuous row, the pooled
 * within-task standard deviation (`spread`: `varianceComponents`' withinSd). Tasks with fewer than two defined repeats drop out.
 *
 * @example
 * repeatSummary(baseGroups, candGroups, columns, 3).rows.find((r) => r.key === 'needle_reached');
 * // { baseline: { pass_at_k: 1, pass_hat_k: 0.75, flaky: 0.25, ... }, candidate: { ... } }
 */
export function repeatSummary(
  baseline: ReadonlyMap<string, TrajectoryMetrics[]>,
  candidate: ReadonlyMap<string, TrajectoryMetrics[]>,
  columns: readonly RepeatColumn[],
  k: number,
  taskIds: readonly string[] = [...new Set([...baseline.keys(), ...candidate.keys()])].sort(),
): ReportRepeats {
  return {
    k,
    rows: columns.map((column) => ({
      key: column.key,
      kind: column.kind,
      baseline: armCell(tally(baseline, column, k), column.kind),
      candidate: armCell(tally(candidate, column, k), column.kind),
    })),
    by_task: taskIds.map((task_id) => ({
      task_id,
      baseline: taskCell(baseline.get(task_id) ?? [], columns),
      candidate: taskCell(candidate.get(task_id) ?? [], columns),
    })),
  };
}
