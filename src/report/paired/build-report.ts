import type { MaybeNumber } from '../../stats/index.js';
import { bootstrapCI, pairedComparison, percentile } from '../../stats/index.js';
import type { TrajectoryMetrics } from '../../trajectory/index.js';
import { METRIC_COLUMNS, type MetricColumn } from '../../trajectory/index.js';
import { clusteringOf } from './clustering.js';
import { DEFAULT_DECISION_RULE, type DecisionRule } from './decision-rule.js';
import { marginVerdicts } from './margins.js';
import { groupByTask, type RepeatPlan, repeatSummary, taskValue } from './repeats.js';
import type { ArmCell, ArmInfo, LooksSummary, Report, ReportRow } from './report-schema.js';
import { verdictOf } from './verdict.js';

/** What one arm produced: per task its metrics, the rollouts that failed outright, and those never run. */
export interface ArmResults {
  commit: string;
  subject: string;
  metrics: ReadonlyMap<string, TrajectoryMetrics>;
  failed: number;
  /** Rollouts the ceiling or an interrupt stopped before they started (default 0). */
  notRun?: number;
}

export interface BuildReportOptions {
  title: string;
  model: string;
  /** The model was the offline policy: every output says so. */
  offline: boolean;
  /** The offline stand-in sampled (its temperature and seed): the report says so. */
  standIn?: { temperature: number; seed: number };
  alpha?: number;
  /** Prices for the estimated dollars on measured tokens; `null` when not given. */
  prices: { input_per_1m: number | null; output_per_1m: number | null };
  /** Every task of the split, in order (a task an arm lost still gets its outcome line). */
  taskIds: readonly string[];
  /** K > 1 rollouts per task: each row's per-task value is the mean of the task's repeats. */
  repeats?: RepeatPlan;
  /** Both arms ran the same commit (an A/A run): the verdict counts the rows called significant. */
  aa?: boolean;
  /**
   * Task id -> cluster (`clusterOf`: a task's `cluster` field, else its corpus). When the split
   * spans more than one cluster every row is tested per cluster (`clusteredPairedTest`).
   */
  clusters?: ReadonlyMap<string, string>;
  /**
   * Row key -> margin (`--margin`): a guard row gets a non-inferiority test at it (a success needs
   * it passed), any other row an equivalence test within plus or minus it (`marginVerdicts`).
   */
  margins?: Readonly<Record<string, number>>;
  /** The run went in looks: carried into the report, its line under the verdict. */
  looks?: LooksSummary;
  /** The decision rule (`--primary`, `--guard`); default `DEFAULT_DECISION_RULE`. */
  rule?: DecisionRule;
}

const cell = (values: Iterable<MaybeNumber>): ArmCell => bootstrapCI(values);
const sum = (values: Iterable<MaybeNumber>): number | null => {
  let total: number | null = null;
  for (const v of values) if (v !== null && v !== undefined) total = (total ?? 0) + v;
  return total;
};

function estimatedUsd(m: TrajectoryMetrics, prices: BuildReportOptions['prices']): number | null {
  if (m.usage === null || prices.input_per_1m === null || prices.output_per_1m === null) return null;
  return (m.usage.prompt * prices.input_per_1m + m.usage.completion * prices.output_per_1m) / 1e6;
}

/**
 * One report row from two arms' per-task values: each arm's mean with its bootstrap interval, the
 * paired delta over the tasks both defined, the one-sided p in the row's direction; turn rows also
 * carry totals and p90s; with `clusters` spanning more than one cluster, the cluster sign-flip test
 * (`pairedComparison`'s clustered path). Other reports (the track's) build their extra rows with it.
 *
 * @example
 * reportRow({ key: 'judge.score', group: 'quality', kind: 'continuous', direction: 'higher' }, bare, withServer);
 */
export function reportRow(
  column: Pick<MetricColumn, 'key' | 'kind' | 'direction'> & { group: string },
  base: ReadonlyMap<string, number | null>,
  cand: ReadonlyMap<string, number | null>,
  clusters?: ReadonlyMap<string, string>,
): ReportRow {
  const paired = pairedComparison(base, cand, {
    kind: column.kind,
    direction: column.direction,
    ...(clusters === undefined ? {} : { clusters }),
  });
  const out: ReportRow = {
    key: column.key,
    group: column.group,
    kind: column.kind,
    direction: column.direction,
    baseline: cell(base.values()),
    candidate: cell(cand.values()),
    pairs: paired.pairs,
    delta: paired.delta,
    delta_low: paired.low,
    delta_high: paired.high,
    pvalue: paired.pvalue,
    test: paired.test,
    ...(paired.clusters === undefined ? {} : { clusters: paired.clusters }),
  };
  if (column.group === 'turns') {
    out.totals = { baseline: sum(base.values()), candidate: sum(cand.values()) };
    out.p90 = { baseline: percentile(base.values(), 90), candidate: percentile(cand.values(), 90) };
  }
  return out;
}

// `tasks` counts tasks (not rollouts); `outcomes` and `near_cap` count every rollout.
function armInfo(name: ArmInfo['name'], arm: ArmResults, tasks: number): ArmInfo {
  const outcomes: Record<string, number> = {};
  let nearCap = 0;
  for (const m of arm.metrics.values()) {
    outcomes[m.outcome] = (outcomes[m.outcome] ?? 0) + 1;
    if (m.near_cap === true) nearCap++;
  }
  return {
    name,
    commit: arm.commit,
    subject: arm.subject,
    tasks,
    outcomes,
    near_cap: nearCap,
    failed: arm.failed,
    not_run: arm.notRun ?? 0,
  };
}

/**
 * The before-after report from both arms' per-task metrics: every `METRIC_COLUMNS` row with each
 * arm's mean and 95% bootstrap interval, the paired delta over the tasks both arms defined, and a
 * one-sided p in the row's direction (Wilcoxon, or McNemar for 0/1 rows); turn rows also carry
 * totals and p90s; the estimated dollars beside the quoted ones; one verdict line.
 *
 * @example
 * const report = buildReport(baseline, candidate, { title: 'tool docs v2', model: 'offline', offline: true, prices, taskIds });
 */
export function buildReport(
  baseline: ArmResults,
  candidate: ArmResults,
  options: BuildReportOptions,
): Report {
  const alpha = options.alpha ?? 0.05;
  const k = options.repeats?.count ?? 1;
  const { tested: clusters, note: clustering } = clusteringOf(options.clusters, options.taskIds);
  const groups = new Map([
    [baseline, groupByTask(baseline.metrics, options.repeats)],
    [candidate, groupByTask(candidate.metrics, options.repeats)],
  ]);
  const column = (arm: ArmResults, read: (m: TrajectoryMetrics) => number | null) =>
    new Map([...groups.get(arm)!].map(([task, runs]) => [task, taskValue(runs, read)]));
  const tested = new Map<string, readonly [Map<string, number | null>, Map<string, number | null>]>();
  const rows = METRIC_COLUMNS.map((c) => {
    tested.set(c.key, [column(baseline, c.read), column(candidate, c.read)]);
    // With repeats a 0/1 row's per-task value is a share of successes: tested as a continuous row.
    const kind = k > 1 && c.kind === 'binary' ? 'continuous' : c.kind;
    const r = reportRow({ ...c, kind }, column(baseline, c.read), column(candidate, c.read), clusters);
    if (c.key === 'tool_calls_used.ratio') r.note = definitions(baseline, candidate);
    if (k > 1 && c.kind === 'binary')
      r.note = `per task the share of its ${k} repeats; Wilcoxon signed-rank on the paired shares`;
    return r;
  });
  const estimate = (m: TrajectoryMetrics) => estimatedUsd(m, options.prices);
  tested.set('estimated_usd', [column(baseline, estimate), column(candidate, estimate)]);
  rows.push(
    reportRow(
      { key: 'estimated_usd', group: 'usage', kind: 'continuous', direction: 'lower' },
      column(baseline, estimate),
      column(candidate, estimate),
      clusters,
    ),
  );
  const values = (key: string) => tested.get(key) ?? [new Map(), new Map()];
  const rule = options.rule ?? DEFAULT_DECISION_RULE;
  const guards = new Map(rule.guards.map((g) => [g.key, g.direction] as const));
  const margins =
    options.margins === undefined || Object.keys(options.margins).length === 0
      ? undefined
      : marginVerdicts(rows, values, options.margins, alpha, guards);
  const quoted = (arm: ArmResults) => sum([...arm.metrics.values()].map((m) => m.usage?.cost_usd ?? null));
  return {
    title: options.title,
    model: options.model,
    offline: options.offline,
    ...(options.standIn === undefined ? {} : { stand_in: options.standIn }),
    alpha,
    verdict: verdictOf(rows, values, alpha, {
      aa: options.aa ?? false,
      rule,
      ...(clusters === undefined ? {} : { clusters }),
      ...(margins === undefined ? {} : { margins }),
    }),
    ...(margins === undefined ? {} : { margins }),
    ...(clustering === undefined ? {} : { clustering }),
    ...(options.looks === undefined ? {} : { looks: options.looks }),
    arms: [
      armInfo('baseline', baseline, groups.get(baseline)!.size),
      armInfo('candidate', candidate, groups.get(candidate)!.size),
    ],
    // With repeats, the first repeat's outcome (its rollout keeps the task's id).
    outcomes_by_task: options.taskIds.map((task_id) => ({
      task_id,
      baseline: baseline.metrics.get(task_id)?.outcome ?? null,
      candidate: candidate.metrics.get(task_id)?.outcome ?? null,
    })),
    rows,
    per_task: { baseline: perTask(tested, 0), candidate: perTask(tested, 1) },
    ...(k > 1
      ? {
          repeats: repeatSummary(
            groups.get(baseline)!,
            groups.get(candidate)!,
            METRIC_COLUMNS.filter((c) => c.direction !== 'neither'),
            k,
            options.taskIds,
          ),
        }
      : {}),
    cost: {
      estimated_usd: {
        baseline: sum([...baseline.metrics.values()].map(estimate)),
        candidate: sum([...candidate.metrics.values()].map(estimate)),
      },
      quoted_usd: { baseline: quoted(baseline), candidate: quoted(candidate) },
      prices: options.prices,
    },
  };
}

// One arm's per-task values of every row: task id -> row key -> value.
function perTask(
  tested: ReadonlyMap<
    string,
    readonly [ReadonlyMap<string, number | null>, ReadonlyMap<string, number | null>]
  >,
  side: 0 | 1,
): Record<string, Record<string, number | null>> {
  const out: Record<string, Record<string, number | null>> = {};
  for (const [key, arms] of tested) {
    for (const [task, value] of arms[side]) {
      const values = out[task] ?? {};
      values[key] = value;
      out[task] = values;
    }
  }
  return out;
}

function definitions(...arms: ArmResults[]): string {
  const seen = new Set(
    arms.flatMap((arm) => [...arm.metrics.values()].map((m) => m.tool_calls_used.definition)),
  );
  return `definition: ${[...seen].sort().join(' / ') || 'n/a'}`;
}
