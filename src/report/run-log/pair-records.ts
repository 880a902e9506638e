import { existsSync, readFileSync } from 'node:fs';
import { AgentTrackError } from '../../core/index.js';
import { compareRungs, readRungRun } from '../../retrieval/index.js';
import { pairedComparison } from '../../stats/index.js';
import { type Report, reportSchema } from '../paired/report-schema.js';
import type { RunMetric, RunRecord } from './run-record-schema.js';

/** A paired delta with its one-sided p that `b` is better in the row's direction, and the test. */
export type PairedMetric = RunMetric & { pvalue: number | null; test: string };

/**
 * The paired deltas of two separate runs that share tasks, read from what they saved, keyed as the
 * records key their metrics: `b` minus `a` over the tasks both defined, with its 95% bootstrap
 * interval. Two retrieval rung records pair their overlays' per-task metrics; two before-after or
 * track arm records (config `<arm>@<commit>`) pair each row's per-task values from their
 * `report.json` (`per_task`). `null` when the runs did not save per-task values this can read
 * (then only the difference of means can be said).
 *
 * @example
 * pairedRecordDeltas(a, b)?.get('file mrr'); // { key: 'file mrr', value: 0.04, low: 0.01, high: 0.07, n: 284 }
 */
export function pairedRecordDeltas(a: RunRecord, b: RunRecord): Map<string, PairedMetric> | null {
  if (a.system === 'retrieval-rung' && b.system === 'retrieval-rung') return rungDeltas(a, b);
  return armDeltas(a, b);
}

function rungDeltas(a: RunRecord, b: RunRecord): Map<string, PairedMetric> | null {
  const fileA = a.artifacts.run;
  const fileB = b.artifacts.run;
  if (fileA === undefined || fileB === undefined || !existsSync(fileA) || !existsSync(fileB)) return null;
  let rows: ReturnType<typeof compareRungs>['rows'];
  try {
    rows = compareRungs(readRungRun(fileA), readRungRun(fileB), [[a.config, b.config]]).rows;
  } catch (error) {
    if (error instanceof AgentTrackError && error.code === 'NOTHING_PAIRED') return null;
    throw error;
  }
  return new Map(
    rows.map((row) => {
      const key = row.level === 'latency' ? row.metric : `${row.level} ${row.metric}`;
      const metric = { key, value: row.delta, low: row.low, high: row.high, n: row.pairs };
      return [key, { ...metric, pvalue: row.pvalue, test: row.test }];
    }),
  );
}

/**
 * The paired report a run saved (a before-after's `report.json` is the report; a track's holds it
 * under `report`), or `null` when the file is gone or not one.
 *
 * @example
 * savedReport(record.artifacts.report_json)?.verdict.line;
 */
export function savedReport(file: string | undefined): Report | null {
  if (file === undefined || !existsSync(file)) return null;
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { report?: unknown };
    const parsed = reportSchema.safeParse(json.report ?? json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function armDeltas(a: RunRecord, b: RunRecord): Map<string, PairedMetric> | null {
  // The arm a record was: `params.arm`, else (a record logged before it was kept) its config's head.
  const arm = (record: RunRecord) =>
    (record.params.arm ?? record.config.split('@')[0]) as 'baseline' | 'candidate';
  const reports = [savedReport(a.artifacts.report_json), savedReport(b.artifacts.report_json)];
  const [left, right] = [reports[0]?.per_task?.[arm(a)], reports[1]?.per_task?.[arm(b)]];
  if (left === undefined || right === undefined) return null;
  const out = new Map<string, PairedMetric>();
  for (const row of reports[0]!.rows) {
    const values = (byTask: Record<string, Record<string, number | null>>) =>
      new Map(Object.entries(byTask).map(([task, rows]) => [task, rows[row.key] ?? null]));
    const kind = row.kind === 'binary' ? 'binary' : 'continuous';
    const paired = pairedComparison(values(left), values(right), { kind, direction: row.direction });
    out.set(row.key, {
      key: row.key,
      value: paired.delta,
      low: paired.low,
      high: paired.high,
      n: paired.pairs,
      pvalue: paired.pvalue,
      test: paired.test,
    });
  }
  return out.size === 0 || [...out.values()].every((m) => m.n === 0) ? null : out;
}
