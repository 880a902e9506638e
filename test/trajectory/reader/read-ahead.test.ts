import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { readTrajectories } from '../../../src/trajectory/reader/list-trajectories.js';
import { readTrajectoryBytes } from '../../../src/trajectory/reader/read-text.js';
import { recordSample, tempDir } from '../helpers.js';

describe('reading ahead', () => {
  test('more trajectories than are read ahead come in walk order, each its own, a refused one in its place', async () => {
    const run = tempDir();
    // 20 > the 8 read ahead; names sort as numbers do (t00..t19).
    const ids = Array.from({ length: 20 }, (_, i) => `t${String(i).padStart(2, '0')}`);
    for (const id of ids) recordSample(run, id);
    rmSync(join(run, 'tasks', 't11', 'result.json'));
    writeFileSync(join(run, 'tasks', 't15', 'events.jsonl'), '{"seq": 0,\n');
    const reads: string[] = [];
    for await (const read of readTrajectories(run)) {
      reads.push(
        read.error === undefined
          ? read.trajectory.task_id
          : `${read.dir.slice(-3)}: ${(read.error as Error & { code?: string }).code}`,
      );
    }
    expect(reads).toEqual(
      ids.map((id) =>
        id === 't11' ? 't11: TRAJECTORY_INCOMPLETE' : id === 't15' ? 't15: TRAJECTORY_MALFORMED' : id,
      ),
    );
  });

  test('stopping early leaves the reads ahead to finish unheard: no unhandled rejection', async () => {
    const run = tempDir();
    for (let i = 0; i < 12; i++) recordSample(run, `t${String(i).padStart(2, '0')}`);
    // Refused files among those read ahead of where the walk stops.
    for (const id of ['t03', 't05', 't07']) rmSync(join(run, 'tasks', id, 'messages.jsonl'));
    const seen: string[] = [];
    for await (const read of readTrajectories(run)) {
      seen.push(read.dir.slice(-3));
      if (seen.length === 2) break;
    }
    expect(seen).toEqual(['t00', 't01']);
    // A rejection nobody handles, once the reads ahead settle, fails the run (vitest reports it).
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  test('a regular file longer than it measures (a /proc file measures 0 bytes) is read whole', async () => {
    const text = (
      await readTrajectoryBytes('/proc/self/status', () => new Error('missing'), '/proc/self')
    ).toString();
    expect(text).toMatch(/^Name:\t/);
    expect(text).toMatch(/\nPid:\t\d+\n/);
    expect(text.length).toBeGreaterThan(500);
  });
});
