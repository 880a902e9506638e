import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { BLOBS_DIR } from '../files.js';

/**
 * The blob directory serving a trajectory: the nearest `blobs/` folder at or above `dir` (a run
 * keeps one store for every arm and task). Falls back to `<dir>/blobs` when none exists, so reads
 * then find no blob rather than some unrelated store.
 *
 * @example
 * locateBlobDir('runs/demo/arms/baseline/tasks/t1'); // '/abs/runs/demo/blobs'
 */
export function locateBlobDir(dir: string): string {
  let current = resolve(dir);
  for (;;) {
    const candidate = join(current, BLOBS_DIR);
    if (statSync(candidate, { throwIfNoEntry: false })?.isDirectory()) return candidate;
    const parent = dirname(current);
    if (parent === current) return join(resolve(dir), BLOBS_DIR);
    current = parent;
  }
}
