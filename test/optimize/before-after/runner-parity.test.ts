import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
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

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(dir, path)).isFile())
    .sort();
}

// What differs between two runs of one rollout by the clock alone: durations and wall times.
const CLOCK = /"(duration_ms|latency_ms|started_at|finished_at|ended_at|ts|time)":\s*("[^"]*"|[0-9.]+)/g;
const unclocked = (text: string) => text.replace(CLOCK, '"$1":"<clock>"');

test('a campaign on runners makes the trajectories, ledger lines and report a child per rollout makes', async () => {
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
}, 240_000);
