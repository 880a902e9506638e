import { readFileSync } from 'node:fs';
import { AgentTrackError, issueParts } from '../../core/index.js';
import { type PairedResult, pairedComparison } from '../../stats/index.js';
import { RUNG_BINARY_METRICS, RUNG_SUMMARY_METRICS, type RungRun, rungRunSchema } from './rung-schema.js';

/** One metric of one overlay, paired task by task against an earlier run. */
export interface RungComparisonRow extends PairedResult {
  overlay: string;
  metric: string;
  level: 'piece' | 'file' | 'latency';
}

/** What a comparison paired: an earlier overlay with one of this run's, over the tasks both scored. */
export interface RungPairing {
  before: string;
  now: string;
  tasks: number;
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
 * Overlays pair by name; an overlay whose name the earlier run lacks pairs with the earlier run's
 * only overlay, when it has one (overlays against a base run). Runs of different datasets or slices are refused, naming the difference, and
 * so is a comparison where nothing pairs (no overlay, or no task in common), naming both sides.
 *
 * @example
 * const { rows, paired } = compareRungs(readRungRun('runs/retrieval/before.json'), run);
 * paired; // [{ before: 'base', now: 'all-words', tasks: 12 }]
 */
export function compareRungs(
  baseline: RungRun,
  candidate: RungRun,
  /** (baseline overlay, candidate overlay) to pair; default as above. */
  pairs?: readonly (readonly [string, string])[],
): { rows: RungComparisonRow[]; paired: RungPairing[] } {
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
  const paired: RungPairing[] = [];
  for (const [beforeName, name] of pairs ?? defaultPairs(baseline, candidate)) {
    const before = baseline.overlays.find((o) => o.name === beforeName);
    const overlay = candidate.overlays.find((o) => o.name === name);
    if (before === undefined || overlay === undefined) continue;
    const earlier = new Set(before.tasks.map((t) => t.task_id));
    const tasks = overlay.tasks.filter((t) => earlier.has(t.task_id)).length;
    if (tasks === 0) continue;
    paired.push({ before: before.name, now: overlay.name, tasks });
    for (const level of ['piece', 'file'] as const) {
      for (const metric of RUNG_SUMMARY_METRICS) {
        const read = (run: typeof overlay) =>
          new Map(run.tasks.map((t) => [t.task_id, t[level][metric] ?? null]));
        const kind = RUNG_BINARY_METRICS.has(metric) ? 'binary' : 'continuous';
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
  if (paired.length === 0) {
    const names = (run: RungRun) => run.overlays.map((o) => `\`${o.name}\``).join(', ') || 'none';
    throw new AgentTrackError(
      'NOTHING_PAIRED',
      `Nothing pairs: the earlier run's overlays (${names(baseline)}) and this run's (${names(candidate)}) pair no overlay (none of one name, and the earlier run has more than one) or share no task`,
      { data: { before: baseline.overlays.map((o) => o.name), now: candidate.overlays.map((o) => o.name) } },
    );
  }
  return { rows, paired };
}

// Each overlay of this run pairs with the earlier one of its name; failing that, with the earlier
// run's only overlay (an overlay, or several, against a base run).
function defaultPairs(baseline: RungRun, candidate: RungRun): (readonly [string, string])[] {
  const earlier = new Set(baseline.overlays.map((overlay) => overlay.name));
  const only = baseline.overlays.length === 1 ? baseline.overlays[0]!.name : undefined;
  return candidate.overlays.flatMap((overlay): (readonly [string, string])[] => {
    if (earlier.has(overlay.name)) return [[overlay.name, overlay.name]];
    return only === undefined ? [] : [[only, overlay.name]];
  });
}
