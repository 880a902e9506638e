import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { expect, test } from 'vitest';
import { campaignPaths } from '../../../src/optimize/campaign/campaign-dir.js';
import { openLedger } from '../../../src/optimize/campaign/ledger.js';
import { createProgress, progressLine } from '../../../src/optimize/campaign/progress.js';
import { openQueue } from '../../../src/optimize/campaign/queue.js';
import { reconcile, recordedRollouts } from '../../../src/optimize/campaign/resume.js';
import { fixtureTasks, tempDir } from './helpers.js';

test('a task the harness finished but the campaign did not record (a kill in between) is adopted, not re-run', () => {
  using dir = tempDir();
  const paths = campaignPaths(dir.path);
  mkdirSync(paths.arm('baseline'), { recursive: true });
  writeFileSync(paths.armLedger('baseline'), `${JSON.stringify({ task_id: 't1', outcome: 'answered' })}\n`);
  const files = { paths, ledger: openLedger(paths.ledger), queue: openQueue(paths.queue) };
  files.queue.update('baseline', 't1', { status: 'running', attempts: 1, addUsd: 0.1 });
  files.queue.update('candidate', 't2', { status: 'excluded', attempts: 2, addUsd: 0.2 });
  const lines: string[] = [];
  const arms = [
    { arm: 'baseline', commit: 'a'.repeat(40) },
    { arm: 'candidate', commit: 'b'.repeat(40) },
  ];
  // What a plan counts as recorded, read before anything is written, is what reconcile skips.
  const recorded = recordedRollouts(paths, ['baseline', 'candidate']);
  expect([...recorded]).toEqual(['baseline\0t1']);
  const { skipped, excluded, pending } = reconcile(
    files,
    arms,
    fixtureTasks({ t1: 'ok', t2: 'ok' }),
    (line) => lines.push(line),
  );
  expect(files.ledger.get('baseline', 't1')).toMatchObject({
    outcome: 'answered',
    attempts: 1,
    booked_usd: 0.1,
    commit: 'a'.repeat(40),
    trajectory: 'arms/baseline/tasks/t1',
  });
  expect(files.queue.state('baseline', 't1')?.status).toBe('finished');
  expect(lines).toEqual(['baseline t1 adopted: the harness finished it before the campaign recorded it']);
  expect([...skipped]).toEqual([['baseline', 1]]);
  expect(recordedRollouts(paths, ['baseline', 'candidate'])).toEqual(recorded);
  expect([...excluded]).toEqual([['candidate', 1]]);
  expect(pending.map(({ arm, task }) => `${arm.arm}/${task.id}`)).toEqual(['candidate/t1', 'baseline/t2']);
});

test('progress: one line rewritten in place on a terminal; elsewhere one line every 30 s, with its ETA', () => {
  const state = {
    arms: [
      { arm: 'baseline', done: 3, total: 10, failed: 1 },
      { arm: 'candidate', done: 2, total: 10, failed: 0 },
    ],
    bookedUsd: 0.5,
    ceilingUsd: 2,
  };
  expect(progressLine(state)).toBe('baseline 3/10 (1 failed) | candidate 2/10 | booked $0.5000 of $2.00');
  const terminal = Object.assign(new PassThrough(), { isTTY: true });
  let shown = '';
  terminal.on('data', (chunk: Buffer) => {
    shown += chunk.toString();
  });
  const progress = createProgress(terminal);
  progress.update(state);
  progress.done();
  expect(shown).toBe(`\r\x1b[2K${progressLine(state)}\n`);
  const pipe = new PassThrough();
  let piped = '';
  pipe.on('data', (chunk: Buffer) => {
    piped += chunk.toString();
  });
  // Not a terminal: one line at most every 30 s, with the ETA at the pace since the first update.
  let clock = 0;
  const quiet = createProgress(pipe, { now: () => clock });
  quiet.update(state);
  expect(piped).toBe('');
  clock = 31_000;
  // 6 ended (5 done, 1 failed) at the first update, 10 now: 4 in 31 s, 7.75 s each, 10 left: 77.5 s.
  const later = {
    ...state,
    arms: [
      { arm: 'baseline', done: 5, total: 10, failed: 1 },
      { arm: 'candidate', done: 4, total: 10, failed: 0 },
    ],
  };
  quiet.update(later);
  clock = 40_000;
  quiet.update(later);
  quiet.done();
  expect(piped).toBe(
    'progress: baseline 5/10 (1 failed) | candidate 4/10 | booked $0.5000 of $2.00 | ETA 1m18s\n',
  );
});

test('the campaign layout names every file', () => {
  const paths = campaignPaths('/runs/demo');
  expect(paths.taskInput('a/b')).toBe(join('/runs/demo', 'inputs', 'a%2Fb.jsonl'));
  expect(paths.trajectory('candidate', 'a/b')).toBe('arms/candidate/tasks/a%2Fb');
});
