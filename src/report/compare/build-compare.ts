import { holmAdjusted } from '../../stats/index.js';
import { METRIC_COLUMNS, type MetricColumn, type TrajectoryMetrics } from '../../trajectory/index.js';
import { type ArmResults, reportRow } from '../paired/build-report.js';
import { clusteringOf } from '../paired/clustering.js';
import { compareMargins } from './compare-margins.js';
import type { CompareReport, CompareRow } from './compare-schema.js';

/** One system's results, as a before-after arm's are read (`readArmMetrics`). */
export interface SystemResults {
  name: string;
  spec: string;
  results: ArmResults;
  /** Its free rung: its search tool's one answer per task, scored (`searchRung`); absent: not run. */
  rung?: {
    tool: string | null;
    scores: ReadonlyMap<string, Readonly<Record<string, number | null>> | null>;
  };
}

/** The free rung's rows: each system's search tool asked each question once, no model. */
const RUNG_COLUMNS = [
  { key: 'rung.recall@1', metric: 'recall@1', kind: 'binary' },
  { key: 'rung.recall@5', metric: 'recall@5', kind: 'binary' },
  { key: 'rung.recall@10', metric: 'recall@10', kind: 'binary' },
  { key: 'rung.mrr', metric: 'mrr', kind: 'continuous' },
] as const;

/** Every row a comparison carries: the metric columns and, when every system ran it, the free rung's. */
export const COMPARE_ROW_KEYS: readonly string[] = [
  ...METRIC_COLUMNS.map((metric) => metric.key),
  ...RUNG_COLUMNS.map((rung) => rung.key),
];

export interface BuildCompareOptions {
  title: string;
  model: string;
  offline: boolean;
  /** The system every other is compared against. */
  reference: string;
  alpha?: number;
  /** Task id -> cluster (`clustersOf`): from 5 clusters every comparison is tested per cluster. */
  clusters?: ReadonlyMap<string, string>;
  /** Row key -> margin (`--margin`): each system tested against the reference at it (`compareMargins`). */
  margins?: Readonly<Record<string, number>>;
}

const column = (arm: ArmResults, read: (m: TrajectoryMetrics) => number | null) =>
  new Map([...arm.metrics].map(([task, m]) => [task, read(m)]));

function outcomes(arm: ArmResults): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const m of arm.metrics.values()) counts[m.outcome] = (counts[m.outcome] ?? 0) + 1;
  return counts;
}

/**
 * The head-to-head report of N systems on one split: per metric every system's mean with its
 * interval, and each other system's paired delta against the reference (system minus reference,
 * over the tasks both defined), tested two-sided (Wilcoxon signed-rank, McNemar for binary rows)
 * and Holm-adjusted across the comparisons of that metric, so calling any one system different
 * holds the family-wise error rate at `alpha`. With every system's free rung (`rung`), its rows
 * (`rung.recall@k`, `rung.mrr`) are compared the same way. Undefined values are dropped, never zero.
 *
 * @example
 * const report = buildCompareReport([ref, fs], { title: 'filesystem', model: 'offline', offline: true, reference: 'reference' });
 * report.needle_reached; // { reference: 1, 'server-filesystem': 0.5 }
 */
export function buildCompareReport(
  systems: readonly SystemResults[],
  options: BuildCompareOptions,
): CompareReport {
  const alpha = options.alpha ?? 0.05;
  const reference = systems.find((system) => system.name === options.reference)!;
  const others = systems.filter((system) => system !== reference);
  const { tested, note } = clusteringOf(options.clusters, [...reference.results.metrics.keys()]);
  const compareColumn = (
    metric: Pick<MetricColumn, 'key' | 'kind' | 'direction'> & { group: string },
    read: (system: SystemResults) => ReadonlyMap<string, number | null>,
  ): CompareRow => {
    const base = read(reference);
    const paired = others.map((system) =>
      // Two-sided: a head-to-head asks whether the systems differ, not whether one improved.
      reportRow({ ...metric, direction: 'neither' }, base, read(system), tested),
    );
    const adjusted = holmAdjusted(paired.map((row) => (row.test === 'none' ? null : row.pvalue)));
    const cells = Object.fromEntries([
      [reference.name, paired[0]!.baseline],
      ...others.map((system, index) => [system.name, paired[index]!.candidate]),
    ]);
    return {
      key: metric.key,
      group: metric.group,
      kind: metric.kind,
      direction: metric.direction,
      cells,
      deltas: others.map((system, index) => ({
        system: system.name,
        pairs: paired[index]!.pairs,
        delta: paired[index]!.delta,
        delta_low: paired[index]!.delta_low,
        delta_high: paired[index]!.delta_high,
        pvalue: paired[index]!.test === 'none' ? null : paired[index]!.pvalue,
        p_holm: adjusted[index]!,
        test: paired[index]!.test,
        ...(paired[index]!.clusters === undefined ? {} : { clusters: paired[index]!.clusters }),
        significant: adjusted[index] !== null && adjusted[index]! <= alpha,
      })),
    };
  };
  const reads = new Map<string, (system: SystemResults) => ReadonlyMap<string, number | null>>();
  const rows: CompareRow[] = METRIC_COLUMNS.map((metric) => {
    const read = (system: SystemResults) => column(system.results, metric.read);
    reads.set(metric.key, read);
    return compareColumn(metric, read);
  });
  if (systems.every((system) => system.rung !== undefined)) {
    for (const rung of RUNG_COLUMNS) {
      const read = (system: SystemResults) =>
        new Map([...system.rung!.scores].map(([task, scores]) => [task, scores?.[rung.metric] ?? null]));
      reads.set(rung.key, read);
      rows.push(compareColumn({ key: rung.key, group: 'rung', kind: rung.kind, direction: 'higher' }, read));
    }
  }
  const byName = new Map(systems.map((system) => [system.name, system]));
  const margins =
    options.margins === undefined || Object.keys(options.margins).length === 0
      ? undefined
      : compareMargins(
          rows,
          (key) => (name) => reads.get(key)!(byName.get(name)!),
          reference.name,
          others.map((system) => system.name),
          options.margins,
          alpha,
        );
  const needle = rows.find((row) => row.key === 'needle_reached');
  return {
    kind: 'compare',
    title: options.title,
    model: options.model,
    offline: options.offline,
    alpha,
    reference: reference.name,
    systems: systems.map((system) => ({
      name: system.name,
      spec: system.spec,
      tasks: system.results.metrics.size,
      failed: system.results.failed,
      outcomes: outcomes(system.results),
    })),
    search_tools: Object.fromEntries(systems.map((system) => [system.name, system.rung?.tool ?? null])),
    needle_reached: Object.fromEntries(
      systems.map((system) => [system.name, needle?.cells[system.name]?.mean ?? null]),
    ),
    rows,
    ...(note === undefined ? {} : { clustering: note }),
    ...(margins === undefined ? {} : { margins }),
  };
}
