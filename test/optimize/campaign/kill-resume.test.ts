import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { runCampaign } from '../../../src/optimize/before-after/run-campaign.js';
import { campaignPaths } from '../../../src/optimize/campaign/campaign-dir.js';
import type { LedgerLine } from '../../../src/optimize/campaign/schema.js';
import { fixtureCampaign } from './campaign-helpers.js';
import { FIXTURES, fixtureTasks, linkedWorktrees, readLines, tempDir } from './helpers.js';

const ROOT = resolve(import.meta.dirname, '../../..');

const ledgerKeys = (file: string) =>
  existsSync(file) ? (readLines(file) as LedgerLine[]).map((line) => `${line.arm}/${line.task_id}`) : [];

const startedKeys = (log: string) =>
  readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('run\t'))
    .map((line) => {
      const [, name, task] = line.split('\t');
      return `${name === 'Baseline docs' ? 'baseline' : 'candidate'}/${task}`;
    });

test('a campaign SIGKILLed mid-run resumes with no duplicate, no lost finished task, nothing paid twice', async () => {
  using dir = tempDir();
  const ids = ['t1', 't2', 't3', 't4', 't5', 't6'];
  const tasks = fixtureTasks(Object.fromEntries(ids.map((id) => [id, { fixture: 'slow', ms: 300 }])));
  const { repo, run, startedLog } = await fixtureCampaign(dir.path, { tasks });
  const config = join(dir.path, 'campaign.json');
  writeFileSync(config, JSON.stringify({ ...run, concurrency: 2 }));
  const paths = campaignPaths(run.dir);

  // The campaign in its own process group, so the kill takes it and its harness children at once.
  const child = spawn(process.execPath, [join(FIXTURES, 'run-campaign.mjs'), config], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
  });
  const exited = new Promise((done) => child.on('exit', done));
  const deadline = Date.now() + 30_000;
  while (ledgerKeys(paths.ledger).length < 3 && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 25));
  }
  process.kill(-child.pid!, 'SIGKILL');
  await exited;

  const finishedAtKill = ledgerKeys(paths.ledger);
  expect(finishedAtKill.length).toBeGreaterThanOrEqual(3);
  expect(finishedAtKill.length).toBeLessThan(12);
  const startsAtKill = startedKeys(startedLog).length;
  // The kill left the worktrees behind; a torn write is what a kill mid-append leaves.
  expect(linkedWorktrees(repo)).toHaveLength(2);
  appendFileSync(paths.ledger, '{"arm":"baseline","task_id":"t6","com');

  const resumed = await runCampaign({ ...run, concurrency: 2 });

  const keys = ledgerKeys(paths.ledger);
  expect(keys).toHaveLength(12);
  expect(new Set(keys).size).toBe(12);
  for (const key of finishedAtKill) expect(keys).toContain(key);
  // Nothing the ledger (or an arm's own harness ledger) held at the kill ran again.
  const rerun = startedKeys(startedLog).slice(startsAtKill);
  for (const key of finishedAtKill) expect(rerun).not.toContain(key);
  expect(resumed.run.arms.reduce((sum, arm) => sum + arm.skipped + arm.finished, 0)).toBe(12);
  expect(linkedWorktrees(repo)).toEqual([]);
  expect(readFileSync(paths.log, 'utf8')).toContain('ledger: ignored torn line');
}, 60_000);
