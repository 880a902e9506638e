import { existsSync } from 'node:fs';
import { compareRungs, readRungRun } from '../../retrieval/index.js';
import type { RunMetric, RunRecord } from './run-record-schema.js';

/**
 * The paired deltas of two separate runs that share tasks, read from what they saved: for two
 * retrieval rung records, each metric per task (`b` minus `a`, over the tasks both defined) with
 * its 95% bootstrap interval, keyed as the records key their metrics. `null` when the runs did not
 * save per-task values this can read (then only the difference of means can be said).
 *
 * @example
 * pairedRecordDeltas(a, b)?.get('file mrr'); // { key: 'file mrr', value: 0.04, low: 0.01, high: 0.07, n: 284 }
 */
export function pairedRecordDeltas(a: RunRecord, b: RunRecord): Map<string, RunMetric> | null {
  const fileA = a.artifacts.run;
  const fileB = b.artifacts.run;
  if (a.system !== 'retrieval-rung' || b.system !== 'retrieval-rung') return null;
  if (fileA === undefined || fileB === undefined || !existsSync(fileA) || !existsSync(fileB)) return null;
  const rows = compareRungs(readRungRun(fileA), readRungRun(fileB), [[a.config, b.config]]);
  if (rows.length === 0) return null;
  return new Map(
    rows.map((row) => {
      const key = row.level === 'latency' ? row.metric : `${row.level} ${row.metric}`;
      return [key, { key, value: row.delta, low: row.low, high: row.high, n: row.pairs }];
    }),
  );
}
