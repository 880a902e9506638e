import type { RungRun } from '../../retrieval/index.js';
import type { CompareReport } from '../compare/compare-schema.js';
import type { Report } from '../paired/report-schema.js';
import type { DatasetRef, RunMetric, RunRecordInput } from './run-record-schema.js';

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
    const metrics: RunMetric[] = overlay.summary.map((row) => ({
      key: row.level === 'latency' ? row.metric : `${row.level} ${row.metric}`,
      value: row.mean,
      low: row.low,
      high: row.high,
      n: row.n,
    }));
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
    const metrics: RunMetric[] = report.rows.map((row) => {
      const c = row[arm.name];
      return { key: row.key, value: c.mean, low: c.low, high: c.high, n: c.n };
    });
    if (arm.name === 'candidate') {
      for (const row of report.rows)
        metrics.push({
          key: `delta ${row.key}`,
          value: row.delta,
          low: row.delta_low,
          high: row.delta_high,
          n: row.pairs,
        });
    }
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
      return c === undefined ? [] : [{ key: row.key, value: c.mean, low: c.low, high: c.high, n: c.n }];
    });
    for (const row of report.rows) {
      const d = row.deltas.find((delta) => delta.system === system.name);
      if (d !== undefined)
        metrics.push({
          key: `delta ${row.key}`,
          value: d.delta,
          low: d.delta_low,
          high: d.delta_high,
          n: d.pairs,
        });
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
