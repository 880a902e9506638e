import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { BLOBS_DIR, TRAJECTORY_FILES } from '../files.js';
import type { Trajectory } from '../trajectory.js';
import { type ReadTrajectoryOptions, readTrajectory } from './read-trajectory.js';

const MARKERS = new Set<string>(Object.values(TRAJECTORY_FILES));

/**
 * Yields every trajectory directory under a run directory (itself included), depth first in name
 * order. A directory holding any trajectory file counts, so incomplete ones are found too (and then
 * refused by `readTrajectory`). The walk holds one directory listing at a time, never the
 * trajectories, and does not descend into `blobs/` or into a trajectory.
 *
 * @example
 * for await (const dir of listTrajectories('runs/demo')) console.log(dir);
 */
export async function* listTrajectories(runDir: string): AsyncGenerator<string> {
  const entries = await readdir(runDir, { withFileTypes: true });
  if (entries.some((entry) => entry.isFile() && MARKERS.has(entry.name))) {
    yield runDir;
    return;
  }
  const dirs = entries
    .filter((entry) => entry.isDirectory() && entry.name !== BLOBS_DIR && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  for (const name of dirs) yield* listTrajectories(join(runDir, name));
}

/** One directory's outcome: the trajectory, or the error that refused it (the walk goes on). */
export type ReadOutcome =
  | { dir: string; trajectory: Trajectory; error?: never }
  | { dir: string; error: Error; trajectory?: never };

/**
 * Reads every trajectory under a run directory, one at a time: a refused directory yields its
 * error and the walk goes on, so one bad file never loses the others.
 *
 * @example
 * for await (const { dir, trajectory, error } of readTrajectories('runs/demo')) {
 *   if (error) console.error(error.message); else score(trajectory);
 * }
 */
export async function* readTrajectories(
  runDir: string,
  options: ReadTrajectoryOptions = {},
): AsyncGenerator<ReadOutcome> {
  for await (const dir of listTrajectories(runDir)) {
    try {
      yield { dir, trajectory: await readTrajectory(dir, options) };
    } catch (error) {
      yield { dir, error: error as Error };
    }
  }
}
