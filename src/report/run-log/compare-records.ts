import { AgentTrackError } from '../../core/index.js';
import { type PairedMetric, savedReport } from './pair-records.js';
import type { RunMetric, RunRecord } from './run-record-schema.js';

export interface RunComparisonRow {
  key: string;
  a: RunMetric | null;
  b: RunMetric | null;
  /** `b - a` of the values, an unpaired difference of two means; `null` when either is missing. */
  delta: number | null;
  /** The paired delta over the tasks both ran: `delta <key>` of `b` when `a` and `b` are the two arms of one paired run, else from `across`; `null` when neither says. */
  paired: RunMetric | null;
  /**
   * The one-sided p that `b` is better in the row's direction, and its test: from `across`, or
   * for the two arms of one run (baseline as `a`) the p its report printed; `null` when unknown.
   */
  p: { value: number | null; test: string } | null;
}

export interface RunComparison {
  a: RunRecord;
  b: RunRecord;
  rows: RunComparisonRow[];
  /**
   * Each row carries its paired delta: the records are the arms of one paired run (one report), or
   * two separate runs whose saved per-task values were paired (`across`).
   */
  paired: boolean;
}

const DATASET_KEYS = ['name', 'slice', 'limit', 'tasks'] as const;

/**
 * Whether two records are the arms of one paired run: both name the same `artifacts.report` (rung
 * records name none, so two of them are always separate runs).
 *
 * @example
 * sameRunArms(baselineRecord, candidateRecord); // true
 */
export function sameRunArms(a: RunRecord, b: RunRecord): boolean {
  return a.artifacts.report !== undefined && a.artifacts.report === b.artifacts.report && a.id !== b.id;
}

/**
 * Two runs' metrics side by side, in `a`'s order then the keys only `b` has, with `b - a`. Runs
 * of different datasets are refused (`RUN_DATASET_MISMATCH`), naming every field that differs
 * and both values: their numbers are not comparable.
 *
 * @example
 * compareRunRecords(a, b).rows.find((r) => r.key === 'piece recall@10')?.delta;
 */
export function compareRunRecords(
  a: RunRecord,
  b: RunRecord,
  /** Paired deltas of two separate runs sharing tasks (`pairedRecordDeltas`), keyed by metric. */
  across?: ReadonlyMap<string, RunMetric | PairedMetric> | null,
): RunComparison {
  const differences = DATASET_KEYS.filter((key) => a.dataset[key] !== b.dataset[key]);
  if (differences.length > 0) {
    const named = differences
      .map(
        (key) =>
          `\`dataset.${key}\` is \`${a.dataset[key]}\` in \`${a.id}\` and \`${b.dataset[key]}\` in \`${b.id}\``,
      )
      .join('; ');
    throw new AgentTrackError('RUN_DATASET_MISMATCH', `Runs of different datasets do not compare: ${named}`, {
      data: { a: a.id, b: b.id, keys: differences },
    });
  }
  const byKey = (record: RunRecord) => new Map(record.metrics.map((m) => [m.key, m]));
  const ma = byKey(a);
  const mb = byKey(b);
  // The arms of one before-after or track share its report: the candidate's record holds the
  // paired deltas (`delta <key>`, over the tasks both arms ran), which are the ones to read.
  const oneRun = sameRunArms(a, b);
  const paired = oneRun || (across !== undefined && across !== null);
  const deltas = oneRun
    ? mb.has(`delta ${[...ma.keys()][0]}`)
      ? mb
      : ma
    : new Map([...(across ?? new Map<string, RunMetric>())].map(([key, m]) => [`delta ${key}`, m]));
  const sign = deltas === ma ? -1 : 1;
  // One run's arms: the p of each row as its report printed it (candidate better than baseline).
  const reported = new Map(
    (oneRun ? (savedReport(b.artifacts.report_json)?.rows ?? []) : []).map((row) => [
      row.key,
      { pvalue: row.pvalue, test: row.test },
    ]),
  );
  const isDelta = (k: string) => k.startsWith('delta ');
  const keys = [...ma.keys(), ...[...mb.keys()].filter((k) => !ma.has(k))].filter(
    (k) => !paired || !isDelta(k),
  );
  const rows = keys.map((key): RunComparisonRow => {
    const left = ma.get(key) ?? null;
    const right = mb.get(key) ?? null;
    const delta = left?.value != null && right?.value != null ? right.value - left.value : null;
    const d = deltas.get(`delta ${key}`);
    const flip = (v: number | null) => (v === null ? null : sign * v);
    const pairedRow =
      d === undefined
        ? null
        : sign === 1
          ? d
          : { ...d, value: flip(d.value), low: flip(d.high), high: flip(d.low) };
    const tested = oneRun ? (sign === 1 ? reported.get(key) : undefined) : across?.get(key);
    const p = tested !== undefined && 'pvalue' in tested ? { value: tested.pvalue, test: tested.test } : null;
    return { key, a: left, b: right, delta, paired: pairedRow, p };
  });
  return { a, b, rows, paired };
}
