import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { listTrajectories, readTrajectories } from '../../../src/trajectory/reader/list-trajectories.js';
import { BlobStore } from '../../../src/trajectory/store/blob-store.js';
import { locateBlobDir } from '../../../src/trajectory/store/locate-blobs.js';
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

describe('readTrajectories: the blob store of each trajectory', () => {
  // Every layout a run may take: the store at the run, per arm, above the walked directory, inside a
  // trajectory, behind a symlink, or nowhere.
  function layouts(): string {
    const run = tempDir();
    recordSample(join(run, 'shared'), 't1');
    recordSample(join(run, 'shared'), 't2');
    recordSample(join(run, 'per-arm', 'a'), 't1');
    recordSample(join(run, 'per-arm', 'b'), 't1');
    const own = join(run, 'own', 'tasks', 't1');
    recordSample(join(run, 'own'), 't1');
    mkdirSync(join(own, 'blobs'));
    recordSample(join(run, 'linked', 'real'), 't1');
    mkdirSync(join(run, 'linked', 'run'));
    symlinkSync(join(run, 'linked', 'real', 'blobs'), join(run, 'linked', 'run', 'blobs'));
    renameSync(join(run, 'linked', 'real', 'tasks'), join(run, 'linked', 'run', 'tasks'));
    return run;
  }

  test('is the one readTrajectory finds (locateBlobDir), shared by the trajectories it serves', async () => {
    const run = layouts();
    const stores: [string, string][] = [];
    const instances = new Map<string, unknown>();
    for await (const outcome of readTrajectories(run)) {
      if (outcome.error !== undefined) throw outcome.error;
      const store = outcome.trajectory.blobs as BlobStore;
      expect(store.dir).toBe(locateBlobDir(outcome.dir));
      expect(instances.get(store.dir) ?? store).toBe(store);
      instances.set(store.dir, store);
      stores.push([relative(run, outcome.dir), relative(run, store.dir)]);
    }
    expect(stores).toEqual([
      ['linked/run/tasks/t1', 'linked/run/blobs'],
      ['own/tasks/t1', 'own/tasks/t1/blobs'],
      ['per-arm/a/tasks/t1', 'per-arm/a/blobs'],
      ['per-arm/b/tasks/t1', 'per-arm/b/blobs'],
      ['shared/tasks/t1', 'shared/blobs'],
      ['shared/tasks/t2', 'shared/blobs'],
    ]);
  });

  test('above the walked directory, and nowhere (the trajectory’s own absent blobs/)', async () => {
    const run = tempDir();
    recordSample(join(run, 'arm'), 't1');
    const storeDirs = async (dir: string) => {
      const dirs: string[] = [];
      for await (const outcome of readTrajectories(dir)) {
        if (outcome.error !== undefined) throw outcome.error;
        dirs.push((outcome.trajectory.blobs as BlobStore).dir);
      }
      return dirs;
    };
    expect(await storeDirs(join(run, 'arm', 'tasks'))).toEqual([join(run, 'arm', 'blobs')]);
    rmSync(join(run, 'arm', 'blobs'), { recursive: true });
    expect(await storeDirs(join(run, 'arm'))).toEqual([locateBlobDir(join(run, 'arm', 'tasks', 't1'))]);
  });

  test('a blobs option wins', async () => {
    const run = makeRun();
    const blobs = new BlobStore(join(run, 'elsewhere'));
    for await (const outcome of readTrajectories(run, { blobs })) {
      if (outcome.trajectory !== undefined) expect(outcome.trajectory.blobs).toBe(blobs);
    }
  });
});

describe('special files named like trajectory files', () => {
  test('a FIFO named events.jsonl is refused by name; the walk goes on and reads the others', async () => {
    const run = tempDir();
    recordSample(run, 't1');
    recordSample(run, 't2');
    recordSample(run, 't3');
    const fifo = join(run, 'tasks', 't2', 'events.jsonl');
    rmSync(fifo);
    execFileSync('mkfifo', [fifo]);
    const reads: string[] = [];
    for await (const read of readTrajectories(run)) {
      reads.push(read.error === undefined ? read.trajectory.task_id : read.error.message);
    }
    expect(reads).toEqual([
      't1',
      `${fifo}: not a regular file (a FIFO, a socket or a device): refused, never read`,
      't3',
    ]);
  });
});
