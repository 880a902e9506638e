import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type RunningEndpoint, startEndpoint } from '../../../src/agent/index.js';
import { selfCommand } from '../../../src/cli/self-command.js';
import { parseQueueUrl } from '../../../src/core/index.js';
import { type SpendLine, spendLineSchema } from '../../../src/optimize/campaign/spend/spend-ledger.js';
import { loadCampaignConfig } from '../../../src/optimize/optimizer/config/load-config.js';
import { optimize } from '../../../src/optimize/optimizer/optimize.js';
import { scriptedProposer } from '../../../src/optimize/optimizer/propose/proposer.js';
import type { OptimizationResult } from '../../../src/optimize/optimizer/result.js';
import { redisValues, startRedis, type TestRedis } from '../campaign/queue/redis-server.js';
import { startWorker, type WorkerProcess } from '../campaign/queue/workers.js';
import {
  campaignFile,
  filesContaining,
  GOOD_HABIT,
  habitPolicy,
  KEY_ENV,
  PRICES,
  ROOT,
  SECRET,
} from './paid-helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-optimize-queue-'));
const cacheDir = join(scratch, 'cache');
const withHabit = `${readFileSync(join(ROOT, 'configs/product/usage_skill.md'), 'utf8').trimEnd()}\n\n${GOOD_HABIT}\n`;
let endpoint: RunningEndpoint;
let redis: TestRedis;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  process.env[KEY_ENV] = SECRET;
  endpoint = await startEndpoint({ policy: habitPolicy() });
  mkdirSync(join(scratch, 'redis'));
  redis = await startRedis(join(scratch, 'redis'));
});
afterAll(async () => {
  delete process.env[KEY_ENV];
  for (const worker of workers) worker.kill();
  await endpoint?.close();
  await redis?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const spendLines = (run: string): SpendLine[] =>
  readFileSync(join(run, 'spend.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => spendLineSchema.parse(JSON.parse(line)));

// What a campaign decided and paid, without its timings and paths.
const decided = (result: OptimizationResult) => ({
  final: result.final.id,
  confirmations: result.confirmations,
  candidates: result.candidates.map((c) => [c.id, c.search_delta]),
  usd: result.spend.usd,
  rollouts: result.spend.by_kind.rollout,
});

const campaign = (name: string) =>
  campaignFile(join(scratch, name), 'usage_skill', endpoint.openaiBaseUrl, {
    search: {
      slice: 'dev',
      rounds: 1,
      candidates_per_round: 1,
      stall_rounds: 1,
      screening: { minibatch: 4, eta: 2 },
    },
  });
const paid = (run: string) => ({
  dryRun: false,
  confirmSpend: true,
  prices: PRICES,
  proposerPrices: PRICES,
  cacheDir,
  concurrency: 4,
  limit: 6,
  out: run,
  proposer: scriptedProposer([[withHabit]]),
});

test('an optimize campaign on a queue: its orchestrator killed, resumed onto its jobs, a worker lost mid-job; it decides and pays as in-process', async () => {
  const local = join(scratch, 'local', 'run');
  const reference = await optimize(loadCampaignConfig(campaign('local')), paid(local));
  // The skill's habit helps: a candidate's prompt that did not reach the workers would not.
  expect(reference!.candidates[0]!.search_delta).toBeGreaterThan(0.02);

  const file = campaign('queued');
  const run = join(scratch, 'queued', 'run');
  const withKey = { ...process.env, [KEY_ENV]: SECRET };
  // No worker yet: the incumbent's jobs wait on the queue, booked, when the orchestrator dies.
  const [node, ...argv] = selfCommand('optimize', '--config', file, '--confirm-spend', '--out', run);
  const child = spawn(
    node,
    argv
      .concat(['--cache-dir', cacheDir, '--queue', redis.url, '--concurrency', '4', '--limit', '6'])
      .concat(['--usd-per-1m-input', '1', '--usd-per-1m-output', '5'])
      .concat(['--proposer-usd-per-1m-input', '1', '--proposer-usd-per-1m-output', '5']),
    { cwd: ROOT, detached: true, stdio: 'ignore', env: withKey },
  );
  const exited = new Promise((done) => child.on('exit', done));
  const booked = () =>
    existsSync(join(run, 'spend.jsonl')) ? spendLines(run).filter((l) => l.type === 'reserve').length : 0;
  while (booked() < 4) await delay(20);
  await delay(500);
  process.kill(-child.pid!, 'SIGKILL');
  await exited;
  const before = spendLines(run)
    .filter((l) => l.type === 'reserve')
    .map((l) => l.key);

  workers.push(startWorker(redis.url, 'w1', cacheDir, ROOT, [], withKey));
  workers.push(startWorker(redis.url, 'w2', cacheDir, ROOT, ['--concurrency', '2'], withKey));
  const lines: string[] = [];
  const running = optimize(loadCampaignConfig(file), {
    ...paid(run),
    resume: run,
    queue: parseQueueUrl(redis.url),
    log: (line) => lines.push(line),
  });
  // w1 is lost mid-job: its job runs again on w2 once its lock lapses, booked and recorded once.
  while (!workers[0]!.busy()) await delay(20);
  workers[0]!.kill();
  const result = await running;
  expect(workers[1]!.stderr).toMatch(/: finished/);
  // The jobs in flight (4) are waited for; the rest of the batch, booked and never sent, go on their bookings.
  const waited = lines.filter((line) => line.includes('is waited for, not booked again'));
  const unsent = lines.filter((line) => line.includes('never sent its job'));
  expect(waited).toHaveLength(4);
  expect(waited.length + unsent.length).toBe(before.length);

  // Every rollout booked once and settled once, whatever the kills made the queue retry.
  const spend = spendLines(run).filter((l) => l.key.startsWith('rollout/'));
  const book = JSON.stringify(spend);
  const reserved = spend.filter((l) => l.type === 'reserve').map((l) => l.key);
  expect(reserved.slice(0, before.length)).toEqual(before);
  expect(new Set(reserved).size, book).toBe(reserved.length);
  expect(
    reserved.filter((key) => key.includes('#')),
    book,
  ).toEqual([]);
  const settled = spend.filter((l) => l.type === 'settle').map((l) => l.key);
  expect(settled.sort(), book).toEqual([...reserved].sort());
  expect(reserved.length).toBe(
    spendLines(local).filter((l) => l.type === 'reserve' && l.key.startsWith('rollout/')).length,
  );
  // Then what it decided and paid (checked after the bookings, so a money failure names its booking).
  expect(decided(result!)).toEqual(decided(reference!));

  await workers[1]!.stop();
  // The key reached the endpoint from the workers' environment, never through Redis or a file.
  expect((await redisValues(redis.port)).filter((value) => value.includes(SECRET))).toEqual([]);
  expect(filesContaining(join(scratch, 'queued'), SECRET)).toEqual([]);
  const found = spawnSync('grep', ['-rl', SECRET, join(scratch, 'redis')], { encoding: 'utf8' });
  expect(found.stdout).toBe('');
}, 300_000);
