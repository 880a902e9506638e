import { AgentTrackError } from '../../core/index.js';
import type { RungRun } from '../../retrieval/index.js';

/** What must be equal for two rung runs to share a figure: the same tasks, scored the same way. */
const SAME = ['dataset', 'slice', 'limit', 'k'] as const;

/** A saved rung run and where it came from (a file name, for messages). */
export interface SourcedRungRun {
  run: RungRun;
  source: string;
}

/**
 * Refuses rung runs that did not measure the same tasks: a different dataset, slice, task limit
 * or cut-off `k`, naming the key, both files and both values (`PLOT_MIXED_RUNS`).
 *
 * @example
 * assertSameSplit([{ run: a, source: 'a.json' }, { run: b, source: 'b.json' }]);
 */
export function assertSameSplit(runs: readonly SourcedRungRun[]): void {
  const [first, ...rest] = runs;
  if (first === undefined) return;
  for (const other of rest) {
    for (const key of SAME) {
      if (first.run[key] === other.run[key]) continue;
      const name = key === 'slice' ? 'split' : key;
      throw new AgentTrackError(
        'PLOT_MIXED_RUNS',
        `Cannot draw runs of different ${name}s in one figure: \`${first.source}\` has ${key} \`${first.run[key]}\`, \`${other.source}\` has \`${other.run[key]}\``,
        {
          data: {
            key,
            files: [first.source, other.source],
            values: [first.run[key], other.run[key]],
          },
        },
      );
    }
  }
}

/**
 * Each overlay of the runs with a label unique across them: its name, or `name (run N)` when two
 * runs measured overlays of one name.
 */
export function labelOverlays(runs: readonly RungRun[]) {
  const counts = new Map<string, number>();
  for (const run of runs) for (const o of run.overlays) counts.set(o.name, (counts.get(o.name) ?? 0) + 1);
  return runs.flatMap((run, index) =>
    run.overlays.map((overlay) => ({
      overlay,
      label: (counts.get(overlay.name) ?? 0) > 1 ? `${overlay.name} (run ${index + 1})` : overlay.name,
    })),
  );
}
