import type { TrackTaskRow } from './track-report-schema.js';
import type { AgentFigures, TrackArm } from './track-schema.js';

/** A task over its repeats, as the track's statistics pair it: mean scores, parity on the means, mean figures. */
export interface TaskLevelRow {
  task_id: string;
  scores: Record<TrackArm, number | null>;
  parity: boolean | null;
  figures: Record<TrackArm, Partial<Record<keyof AgentFigures, number | null>> | null>;
}

const ARMS: readonly TrackArm[] = ['bare', 'with-server'];

const meanOf = (values: readonly (number | null | undefined)[]): number | null => {
  const defined = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return defined.length === 0 ? null : defined.reduce((a, b) => a + b, 0) / defined.length;
};

/**
 * The track's rows per rollout grouped by task (`taskOf`: rollout id -> task id): per arm the
 * mean judge score over the repeats judged, parity when the means are within `tolerance`, and each
 * figure's mean over those same judged repeats (both arms ran them). One repeat per task gives the rows back as they were.
 *
 * @example
 * taskLevel(rows, new Map([['t1', 't1'], ['t1~2', 't1']]), 1)[0].scores; // { bare: 7.5, 'with-server': 10 }
 */
export function taskLevel(
  rows: readonly TrackTaskRow[],
  taskOf: (rolloutId: string) => string,
  tolerance: number,
): TaskLevelRow[] {
  const groups = new Map<string, TrackTaskRow[]>();
  for (const row of rows) {
    const task = taskOf(row.task_id);
    groups.set(task, [...(groups.get(task) ?? []), row]);
  }
  return [...groups].map(([task_id, group]) => {
    // Only the repeats the judge scored on both sides count for the scores.
    const judged = group.filter((r) => r.parity !== null);
    const scores = Object.fromEntries(
      ARMS.map((arm) => [arm, meanOf(judged.map((r) => r.scores[arm]))]),
    ) as Record<TrackArm, number | null>;
    // Figures over the same judged repeats on both arms (a repeat one arm lost pairs nothing).
    const figures = Object.fromEntries(
      ARMS.map((arm) => {
        const ran = judged.flatMap((r) => (r.figures[arm] === null ? [] : [r.figures[arm]!]));
        if (ran.length === 0) return [arm, null];
        const keys = Object.keys(ran[0]!) as (keyof AgentFigures)[];
        return [arm, Object.fromEntries(keys.map((key) => [key, meanOf(ran.map((f) => f[key]))]))];
      }),
    ) as TaskLevelRow['figures'];
    const bare = scores.bare;
    const server = scores['with-server'];
    const parity = bare === null || server === null ? null : Math.abs(bare - server) <= tolerance + 1e-9;
    return { task_id, scores, parity, figures };
  });
}
