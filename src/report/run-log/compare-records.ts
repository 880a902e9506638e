import { AgentTrackError } from '../../core/index.js';
import type { RunMetric, RunRecord } from './run-record-schema.js';

export interface RunComparisonRow {
  key: string;
  a: RunMetric | null;
  b: RunMetric | null;
  /** `b - a` of the values; `null` when either is missing. */
  delta: number | null;
}

export interface RunComparison {
  a: RunRecord;
  b: RunRecord;
  rows: RunComparisonRow[];
}

const DATASET_KEYS = ['name', 'slice', 'limit', 'tasks'] as const;

/**
 * Two runs' metrics side by side, in `a`'s order then the keys only `b` has, with `b - a`. Runs
 * of different datasets are refused (`RUN_DATASET_MISMATCH`), naming every field that differs
 * and both values: their numbers are not comparable.
 *
 * @example
 * compareRunRecords(a, b).rows.find((r) => r.key === 'piece recall@10')?.delta;
 */
export function compareRunRecords(a: RunRecord, b: RunRecord): RunComparison {
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
  const keys = [...ma.keys(), ...[...mb.keys()].filter((k) => !ma.has(k))];
  const rows = keys.map((key): RunComparisonRow => {
    const left = ma.get(key) ?? null;
    const right = mb.get(key) ?? null;
    const delta = left?.value != null && right?.value != null ? right.value - left.value : null;
    return { key, a: left, b: right, delta };
  });
  return { a, b, rows };
}
