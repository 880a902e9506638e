import { readFileSync } from 'node:fs';
import { AgentTrackError, issueParts } from '../../core/index.js';
import { type PairedResult, pairedComparison } from '../../stats/index.js';
import { RUNG_METRICS, type RungRun, rungRunSchema } from './rung-schema.js';

/** One metric of one overlay, paired task by task against an earlier run. */
export interface RungComparisonRow extends PairedResult {
  overlay: string;
  metric: string;
  level: 'piece' | 'file' | 'latency';
}

/** Reads a saved rung run, refusing a file that is not one (named, with the first problem). */
export function readRungRun(file: string): RungRun {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AgentTrackError('RUNG_UNREADABLE', `Cannot read the retrieval run \`${file}\``, {
      data: { file },
      cause: error,
    });
  }
  const parsed = rungRunSchema.safeParse(raw);
  if (!parsed.success) {
    const { key, message } = issueParts(parsed.error.issues[0]!, raw);
    throw new AgentTrackError(
      'RUNG_MALFORMED',
      `${file}: not a saved retrieval run (\`${key}\`: ${message})`,
      { data: { file }, cause: parsed.error },
    );
  }
  return parsed.data;
}

/**
 * The paired change of every overlay both runs measured: per task, candidate (this run) minus
 * baseline (the earlier one), with the pairs, the delta's interval and a one-sided p in the
 * metric's direction (McNemar for the 0/1 recall@k hits, Wilcoxon for MRR, nDCG and latency).
 * Runs of different datasets or slices are refused, naming the difference.
 *
 * @example
 * compareRungs(readRungRun('runs/retrieval/before.json'), run);
 */
export function compareRungs(
  baseline: RungRun,
  candidate: RungRun,
  /** (baseline overlay, candidate overlay) to pair; default: the overlays both runs name alike. */
  pairs?: readonly (readonly [string, string])[],
): RungComparisonRow[] {
  for (const key of ['dataset', 'slice', 'k'] as const) {
    if (baseline[key] !== candidate[key]) {
      throw new AgentTrackError(
        'RUNS_NOT_COMPARABLE',
        `The runs differ in \`${key}\`: \`${baseline[key]}\` before, \`${candidate[key]}\` now; compare runs of one dataset, slice and k`,
        { data: { key, before: baseline[key], now: candidate[key] } },
      );
    }
  }
  const rows: RungComparisonRow[] = [];
  const matched = pairs ?? candidate.overlays.map((overlay) => [overlay.name, overlay.name] as const);
  for (const [beforeName, name] of matched) {
    const before = baseline.overlays.find((o) => o.name === beforeName);
    const overlay = candidate.overlays.find((o) => o.name === name);
    if (before === undefined || overlay === undefined) continue;
    for (const level of ['piece', 'file'] as const) {
      for (const metric of RUNG_METRICS) {
        const read = (run: typeof overlay) =>
          new Map(run.tasks.map((t) => [t.task_id, t[level][metric] ?? null]));
        const kind = metric.startsWith('recall@') ? 'binary' : 'continuous';
        rows.push({
          overlay: overlay.name,
          metric,
          level,
          ...pairedComparison(read(before), read(overlay), { kind, direction: 'higher' }),
        });
      }
    }
    const latency = (run: typeof overlay) => new Map(run.tasks.map((t) => [t.task_id, t.latency_ms]));
    rows.push({
      overlay: overlay.name,
      metric: 'latency_ms',
      level: 'latency',
      ...pairedComparison(latency(before), latency(overlay), { kind: 'continuous', direction: 'lower' }),
    });
  }
  return rows;
}
