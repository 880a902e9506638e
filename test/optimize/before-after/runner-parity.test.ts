import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { beforeAfter } from '../../../src/optimize/before-after/before-after.js';
import { runArmProcess } from '../../../src/optimize/campaign/arms/arm-process.js';
import type { RolloutRunner } from '../../../src/optimize/campaign/rollout-runner.js';
import { seededDemoProduct } from './kill-run.js';

const root = resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-runner-parity-'));
const cacheDir = join(scratch, 'cache');
let product: { repo: string; baseline: string; candidate: string };
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
beforeAll(async () => {
  product = await seededDemoProduct(root, join(scratch, 'product'), cacheDir);
}, 60_000);

// How rollouts ran before runners: one `<harness> run` child per rollout, in the arm's worktree.
const childPerRollout: RolloutRunner = {
  label: 'a child per rollout',
  run: (request) =>
    runArmProcess({
      worktree: request.arm.worktree,
      argv: request.argv,
      env: request.env,
      timeoutMs: request.timeoutMs,
      secrets: request.secrets,
    }),
};

// The demo product's arms run their own harness, `node dist/cli/bin.js harness runner`, each in a
// worktree of this test's product repository (other test files' runners are left alone).
function runnerPids(): number[] {
  return execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.trim().endsWith('dist/cli/bin.js harness runner'))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
    .filter((pid) => {
      try {
        return readFileSync(join(readlinkSync(`/proc/${pid}/cwd`), '.git'), 'utf8').includes(product.repo);
      } catch {
        return false;
      }
    });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(dir, path)).isFile())
    .sort();
}

// What differs between two runs of one rollout by the clock alone: durations and wall times.
const CLOCK = /"(duration_ms|latency_ms|started_at|finished_at|ended_at|ts|time)":\s*("[^"]*"|[0-9.]+)/g;
const unclocked = (text: string) => text.replace(CLOCK, '"$1":"<clock>"');

test('a campaign on runners makes the trajectories, ledger lines and report a child per rollout makes, and the same report with a runner killed mid-campaign', async () => {
  const run = async (name: string, runner?: RolloutRunner) => {
    const dir = join(scratch, name);
    await beforeAfter({
      repo: product.repo,
      baseline: product.baseline,
      candidate: product.candidate,
      split: 'fixture-code/small_test',
      model: 'offline',
      limit: 4,
      cacheDir,
      dir,
      confirmSpend: true,
      buildIndexes: true,
      concurrency: 2,
      ...(runner === undefined ? {} : { runner }),
    });
    return dir;
  };
  const onRunners = await run('runners');
  const onChildren = await run('children', childPerRollout);
  // A runner killed (SIGKILL) mid-campaign: the rollouts it held fail and run again on a new one.
  const killedDir = join(scratch, 'killed');
  const killed = run('killed');
  let victim: number | undefined;
  // After the first finished rollout, 7 remain: a wide window even when a loaded machine slows this
  // poll (it shares its event loop with the campaign).
  for (let i = 0; i < 1200 && victim === undefined; i++) {
    await new Promise((done) => setTimeout(done, 25));
    const ledger = join(killedDir, 'ledger.jsonl');
    if (existsSync(ledger) && readFileSync(ledger, 'utf8').trim() !== '') victim = runnerPids()[0];
  }
  if (victim !== undefined) process.kill(victim, 'SIGKILL');
  // Awaited before any assertion: a failed one never leaves the campaign writing into a removed scratch.
  await killed;
  expect(victim).toBeDefined();
  expect(readFileSync(join(killedDir, 'report.json'), 'utf8')).toBe(
    readFileSync(join(onRunners, 'report.json'), 'utf8'),
  );
  expect(readFileSync(join(killedDir, 'campaign.log'), 'utf8')).toMatch(
    /failed, retrying: HarnessKilled: killed by SIGKILL/,
  );

  expect(readFileSync(join(onRunners, 'report.json'), 'utf8')).toBe(
    readFileSync(join(onChildren, 'report.json'), 'utf8'),
  );
  const arms = join(onRunners, 'arms');
  const files = filesUnder(arms);
  expect(files.filter((file) => file.endsWith('events.jsonl'))).toHaveLength(8);
  expect(files).toEqual(filesUnder(join(onChildren, 'arms')));
  for (const file of files) {
    const ours = readFileSync(join(arms, file), 'utf8');
    const theirs = readFileSync(join(onChildren, 'arms', file), 'utf8');
    // The ledgers list the same lines, in the order their rollouts finished.
    const sorted = (text: string) => unclocked(text).split('\n').sort().join('\n');
    const same = file.endsWith('ledger.jsonl') ? sorted : unclocked;
    expect(same(ours), relative(scratch, join(arms, file))).toBe(same(theirs));
  }
}, 360_000);
