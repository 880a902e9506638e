import type { RungRun } from '../../retrieval/index.js';
import type { CompareReport } from '../compare/compare-schema.js';
import type { Report } from '../paired/report-schema.js';
import type { DatasetRef, RunMetric, RunRecordInput } from './run-record-schema.js';

type Cell = { mean: number | null; low: number | null; high: number | null; n: number };
type Delta = { delta: number | null; delta_low: number | null; delta_high: number | null; pairs: number };

/** A row's mean with its interval, as the run log keeps it. */
const meanMetric = (key: string, c: Cell): RunMetric => ({
  key,
  value: c.mean,
  low: c.low,
  high: c.high,
  n: c.n,
});

/** A row's paired delta with its interval, as `delta <key>`. */
const deltaMetric = (key: string, d: Delta): RunMetric => ({
  key: `delta ${key}`,
  value: d.delta,
  low: d.delta_low,
  high: d.delta_high,
  n: d.pairs,
});

/**
 * One run record per overlay of a saved retrieval rung run: its summary rows (`piece recall@10`,
 * `file mrr`, `latency ...`) with their intervals, and the latency percentiles.
 *
 * @example
 * for (const record of rungRunRecords(run, { run: 'runs/retrieval/x.json' })) appendRunRecord(defaultRunLog(), record);
 */
export function rungRunRecords(
  run: RungRun,
  artifacts: Record<string, string>,
  params: Record<string, unknown> = {},
): RunRecordInput[] {
  return run.overlays.map((overlay) => {
    const metrics: RunMetric[] = overlay.summary.map((row) =>
      meanMetric(row.level === 'latency' ? row.metric : `${row.level} ${row.metric}`, row),
    );
    const n = overlay.tasks.length;
    metrics.push(
      { key: 'latency_p50_ms', value: overlay.latency_p50_ms, low: null, high: null, n },
      { key: 'latency_p95_ms', value: overlay.latency_p95_ms, low: null, high: null, n },
    );
    return {
      system: 'retrieval-rung',
      config: overlay.name,
      dataset: { name: run.dataset, slice: run.slice, limit: run.limit, tasks: n },
      params: { ...params, k: run.k, split: run.split, overlay_files: overlay.files },
      metrics,
      artifacts,
      created_at: run.created_at,
    };
  });
}

/**
 * One run record per arm of a before-after report (config `<arm>@<commit>`, or the arm's label
 * from `labels`: a track's `bare` and `with-server`; `params.arm` is always `baseline` or
 * `candidate`): every row's arm mean with its interval; the candidate's record also carries each
 * paired delta as `delta <key>`.
 *
 * @example
 * for (const record of reportRunRecords(report, { name: 'fixture-code', slice: 'small_test', limit: null, tasks: 12 }, { report: 'runs/c/report.json' }))
 *   appendRunRecord(defaultRunLog(), record);
 */
export function reportRunRecords(
  report: Report,
  dataset: DatasetRef,
  artifacts: Record<string, string>,
  params: Record<string, unknown> = {},
  labels?: { baseline: string; candidate: string },
): RunRecordInput[] {
  return report.arms.map((arm) => {
    const metrics: RunMetric[] = report.rows.map((row) => meanMetric(row.key, row[arm.name]));
    if (arm.name === 'candidate') for (const row of report.rows) metrics.push(deltaMetric(row.key, row));
    return {
      system: 'before-after',
      config: `${labels?.[arm.name] ?? arm.name}@${arm.commit.slice(0, 12)}`,
      dataset,
      params: {
        ...params,
        arm: arm.name,
        model: report.model,
        offline: report.offline,
        commit: arm.commit,
        subject: arm.subject,
      },
      metrics,
      artifacts,
    };
  });
}

/**
 * One run record per system of a comparison (`agent-track compare`; config `<name> (<spec>)`):
 * every row's mean with its interval; each system other than the reference also carries its paired
 * delta against the reference as `delta <key>`, and `params.reference` names which system that is.
 *
 * @example
 * for (const record of systemRunRecords(report, dataset, { report_json: 'runs/compare-fs/report.json' }))
 *   appendRunRecord(defaultRunLog(), record);
 */
export function systemRunRecords(
  report: CompareReport,
  dataset: DatasetRef,
  artifacts: Record<string, string>,
  params: Record<string, unknown> = {},
): RunRecordInput[] {
  return report.systems.map((system) => {
    const metrics: RunMetric[] = report.rows.flatMap((row) => {
      const c = row.cells[system.name];
      return c === undefined ? [] : [meanMetric(row.key, c)];
    });
    for (const row of report.rows) {
      const d = row.deltas.find((delta) => delta.system === system.name);
      if (d !== undefined) metrics.push(deltaMetric(row.key, d));
    }
    return {
      system: 'compare',
      config: `${system.name} (${system.spec})`,
      dataset,
      params: {
        ...params,
        model: report.model,
        offline: report.offline,
        reference: report.reference,
        system: system.name,
        spec: system.spec,
        failed: system.failed,
      },
      metrics,
      artifacts,
    };
  });
}
