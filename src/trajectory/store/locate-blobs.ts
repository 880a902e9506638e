import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { BLOBS_DIR } from '../files.js';

/** Whether `dir` holds a `blobs/` directory (a symlink to one counts). */
export function holdsBlobDir(dir: string): boolean {
  return statSync(join(dir, BLOBS_DIR), { throwIfNoEntry: false })?.isDirectory() === true;
}

/**
 * The nearest `blobs/` folder at or above `dir` (absolute), or `undefined` when there is none up to
 * the root.
 *
 * @example
 * nearestBlobDir('runs/demo/arms/baseline'); // '/abs/runs/demo/blobs'
 */
export function nearestBlobDir(dir: string): string | undefined {
  let current = resolve(dir);
  for (;;) {
    if (holdsBlobDir(current)) return join(current, BLOBS_DIR);
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/**
 * The blob directory serving a trajectory: the nearest `blobs/` folder at or above `dir` (a run
 * keeps one store for every arm and task). Falls back to `<dir>/blobs` when none exists, so reads
 * then find no blob rather than some unrelated store.
 *
 * @example
 * locateBlobDir('runs/demo/arms/baseline/tasks/t1'); // '/abs/runs/demo/blobs'
 */
export function locateBlobDir(dir: string): string {
  return nearestBlobDir(dir) ?? join(resolve(dir), BLOBS_DIR);
}
