import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { listTrajectories, readTrajectories } from '../../../src/trajectory/reader/list-trajectories.js';
import { recordSample, tempDir } from '../helpers.js';

// A campaign-shaped run: two arms, one incomplete task, the shared blob store, and a stray file.
function makeRun(): string {
  const run = tempDir();
  recordSample(join(run, 'arms', 'baseline'), 't1');
  recordSample(join(run, 'arms', 'baseline'), 't2');
  recordSample(join(run, 'arms', 'candidate'), 't1');
  rmSync(join(run, 'arms', 'candidate', 'tasks', 't1', 'result.json'));
  writeFileSync(join(run, 'plan.json'), '{}');
  mkdirSync(join(run, 'arms', 'candidate', 'empty'), { recursive: true });
  return run;
}

describe('listTrajectories', () => {
  test('finds every trajectory directory, incomplete ones too, in name order, never inside blobs/', async () => {
    const run = makeRun();
    const found: string[] = [];
    for await (const dir of listTrajectories(run)) found.push(relative(run, dir));
    expect(found).toEqual(['arms/baseline/tasks/t1', 'arms/baseline/tasks/t2', 'arms/candidate/tasks/t1']);
  });

  test('a trajectory directory lists itself', async () => {
    const run = makeRun();
    const dir = join(run, 'arms', 'baseline', 'tasks', 't2');
    const found: string[] = [];
    for await (const entry of listTrajectories(dir)) found.push(entry);
    expect(found).toEqual([dir]);
  });

  test('is lazy: stopping early reads no further', async () => {
    const run = makeRun();
    const walk = listTrajectories(run);
    const first = await walk.next();
    expect(relative(run, first.value as string)).toBe('arms/baseline/tasks/t1');
    await walk.return(undefined);
  });
});

describe('readTrajectories', () => {
  test('yields each trajectory, and the refused one as an error without stopping the walk', async () => {
    const run = makeRun();
    const outcomes: [string, string][] = [];
    for await (const outcome of readTrajectories(run)) {
      outcomes.push([
        relative(run, outcome.dir),
        outcome.error === undefined
          ? `${outcome.trajectory.events.length} calls`
          : ((outcome.error as Error & { code?: string }).code ?? '?'),
      ]);
    }
    expect(outcomes).toEqual([
      ['arms/baseline/tasks/t1', '3 calls'],
      ['arms/baseline/tasks/t2', '3 calls'],
      ['arms/candidate/tasks/t1', 'TRAJECTORY_INCOMPLETE'],
    ]);
  });
});
