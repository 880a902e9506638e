import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { BLOBS_DIR, TRAJECTORY_FILES } from '../files.js';
import { BlobStore } from '../store/blob-store.js';
import { holdsBlobDir, nearestBlobDir } from '../store/locate-blobs.js';
import type { Trajectory } from '../trajectory.js';
import { type ReadTrajectoryOptions, readTrajectory } from './read-trajectory.js';

const MARKERS = new Set<string>(Object.values(TRAJECTORY_FILES));

/** A trajectory directory found by the walk, with the nearest `blobs/` at or below the run seen on the way. */
interface Found {
  dir: string;
  blobs: string | undefined;
}

// The walk behind listTrajectories. It already lists every directory on the way down, so it notes
// the nearest `blobs/` from those listings: no directory is stat'ed again per trajectory.
async function* walk(dir: string, inherited: string | undefined): AsyncGenerator<Found> {
  const entries = await readdir(dir, { withFileTypes: true });
  const own = entries.find((entry) => entry.name === BLOBS_DIR);
  const blobs = own !== undefined && isBlobDir(dir, own) ? resolve(dir, BLOBS_DIR) : inherited;
  if (entries.some((entry) => entry.isFile() && MARKERS.has(entry.name))) {
    yield { dir, blobs };
    return;
  }
  const dirs = entries
    .filter((entry) => entry.isDirectory() && entry.name !== BLOBS_DIR && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
  for (const name of dirs) yield* walk(join(dir, name), blobs);
}

// A listed `blobs` entry serves as the store when it is a directory or a link to one.
function isBlobDir(dir: string, entry: Dirent): boolean {
  if (entry.isDirectory()) return true;
  return entry.isSymbolicLink() && holdsBlobDir(dir);
}

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
  for await (const found of walk(runDir, undefined)) yield found.dir;
}

/** One directory's outcome: the trajectory, or the error that refused it (the walk goes on). */
export type ReadOutcome =
  | { dir: string; trajectory: Trajectory; error?: never }
  | { dir: string; error: Error; trajectory?: never };

/**
 * Reads every trajectory under a run directory, one at a time: a refused directory yields its
 * error and the walk goes on, so one bad file never loses the others. Without a `blobs` option each
 * trajectory reads the nearest `blobs/` at or above it (as `readTrajectory` would), found once from
 * the walk's own listings, and trajectories sharing a store share one `BlobStore`.
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
  const stores = new Map<string, BlobStore>();
  // The store above the run: looked up once, and only when a trajectory has none at or below it.
  let above: { dir: string | undefined } | undefined;
  const storeFor = (found: Found): BlobStore => {
    if (found.blobs === undefined) above ??= { dir: nearestBlobDir(dirname(resolve(runDir))) };
    const dir = found.blobs ?? above?.dir;
    // No store anywhere: the trajectory's own (absent) `blobs/`, as locateBlobDir falls back.
    if (dir === undefined) return new BlobStore(join(resolve(found.dir), BLOBS_DIR));
    let store = stores.get(dir);
    if (store === undefined) {
      store = new BlobStore(dir);
      stores.set(dir, store);
    }
    return store;
  };
  for await (const found of walk(runDir, undefined)) {
    try {
      const blobs = options.blobs ?? storeFor(found);
      yield { dir: found.dir, trajectory: await readTrajectory(found.dir, { ...options, blobs }) };
    } catch (error) {
      yield { dir: found.dir, error: error as Error };
    }
  }
}
