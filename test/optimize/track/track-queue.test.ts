import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { claudeCodeAgent } from '../../../src/agent/index.js';
import { selfCommand } from '../../../src/cli/self-command.js';
import { parseQueueUrl } from '../../../src/core/index.js';
import { spendLineSchema } from '../../../src/optimize/campaign/spend/spend-ledger.js';
import { runTrack } from '../../../src/optimize/index.js';
import { openTrackLedger } from '../../../src/optimize/track/track-ledger.js';
import { ROOT } from '../../product/helpers/workspace.js';
import { startRedis, type TestRedis } from '../campaign/queue/redis-server.js';
import { startWorker, type WorkerProcess } from '../campaign/queue/workers.js';
import { BIN, TRACK_TASKS, trackTasks } from './track-helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-track-queue-'));
const cacheDir = join(scratch, 'cache');
const FAKE = join(BIN, 'fake-claude.mjs');
let redis: TestRedis;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  mkdirSync(join(scratch, 'redis'));
  redis = await startRedis(join(scratch, 'redis'));
});
afterAll(async () => {
  for (const worker of workers) worker.kill();
  await redis?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const track = async (out: string, queue: boolean, onLine?: (line: string) => void) =>
  runTrack({
    agent: claudeCodeAgent(FAKE),
    split: 'track/all',
    tasks: await trackTasks(),
    out,
    cacheDir,
    confirmSpend: true,
    timeoutMs: 60_000,
    ...(queue
      ? {
          concurrency: 3,
          queue: { target: parseQueueUrl(redis.url), agent: { name: 'claude-code', options: { bin: FAKE } } },
        }
      : {}),
    ...(onLine === undefined ? {} : { onLine }),
  });

// The report without what a clock measured (the agents' wall time, and the row comparing it).
const untimed = (out: string) =>
  JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'), (key, value) =>
    key === 'wall_ms'
      ? undefined
      : Array.isArray(value)
        ? value.filter((row) => (row as { key?: string } | null)?.key !== 'agent.wall_ms')
        : value,
  );

const rolloutKeys = (out: string) =>
  readFileSync(join(out, 'spend.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => spendLineSchema.parse(JSON.parse(line)))
    .filter((line) => line.key.startsWith('bare/') || line.key.startsWith('with-server/'));

test('a track on a queue with two workers, one killed mid-job, reports what the in-process track does', async () => {
  const local = join(scratch, 'local');
  await track(local, false);
  workers.push(startWorker(redis.url, 'w1', cacheDir, ROOT));
  workers.push(startWorker(redis.url, 'w2', cacheDir, ROOT, ['--concurrency', '2']));
  const queued = join(scratch, 'queued');
  const said: string[] = [];
  const running = track(queued, true, (line) => said.push(line));
  // w1 is lost during a with-server rollout (the slow one): it runs again on w2 after w1's lock lapses.
  while (!/with-server t\d \(attempt 1\): started/.test(workers[0]!.stderr) || !workers[0]!.busy())
    await delay(10);
  workers[0]!.kill();
  const result = await running;
  expect(result.report?.tasks.map((t) => [t.task_id, t.scores.bare, t.scores['with-server']])).toEqual([
    ['t1', 10, 10],
    ['t2', 5, 10],
    ['t3', 10, 10],
  ]);
  expect(untimed(queued)).toEqual(untimed(local));
  // Each rollout's line says where the queue's jobs stand, per worker.
  expect(
    said.filter((line) =>
      /\tdone\t.* \| jobs \d+ queued \d+ running \d+ done \d+ failed \(w[12] /.test(line),
    ),
  ).toHaveLength(6);
  // One rollout line per (task, arm), each booked once and settled once at the agent's reported cost.
  const lines = openTrackLedger(join(queued, 'ledger.jsonl')).lines();
  expect(lines.filter((l) => l.kind === 'rollout')).toHaveLength(6);
  const spend = rolloutKeys(queued);
  const reserved = spend.filter((l) => l.type === 'reserve').map((l) => l.key);
  expect(reserved.sort()).toEqual([
    'bare/t1',
    'bare/t2',
    'bare/t3',
    'with-server/t1',
    'with-server/t2',
    'with-server/t3',
  ]);
  expect(spend.filter((l) => l.type === 'settle')).toHaveLength(6);
  // The transcripts came back: the with-server one went through the MCP server the worker configured.
  expect(readFileSync(join(queued, 'transcripts/with-server/t1.1.jsonl'), 'utf8')).toContain(
    'mcp__reference-code-search__search_codebase',
  );
  await workers[1]!.stop();
}, 180_000);

test('a track orchestrator killed with its job on the queue resumes onto it: nothing booked twice', async () => {
  const out = join(scratch, 'resumed');
  const [node, ...argv] = selfCommand('track', '--agent-bin', FAKE, '--dataset', TRACK_TASKS);
  const child = spawn(
    node,
    argv
      .concat(['--split', 'all', '--out', out, '--cache-dir', cacheDir, '--confirm-spend'])
      .concat(['--queue', redis.url]),
    { cwd: ROOT, detached: true, stdio: 'ignore' },
  );
  const exited = new Promise((done) => child.on('exit', done));
  // No worker: the first rollout's job waits on the queue, booked, when the orchestrator dies.
  while (!existsSync(join(out, 'spend.jsonl')) || rolloutKeys(out).length === 0) await delay(20);
  await delay(300);
  process.kill(-child.pid!, 'SIGKILL');
  await exited;
  expect(rolloutKeys(out).map((l) => [l.type, l.key])).toEqual([['reserve', 'bare/t1']]);

  workers.push(startWorker(redis.url, 'w3', cacheDir, ROOT));
  const said: string[] = [];
  const result = await track(out, true, (line) => said.push(line));
  expect(said.filter((line) => line.includes('not booked again'))).toEqual([
    'bare/t1: on the booking an earlier run left open (its job is waited for or sent now), not booked again',
  ]);
  expect(result.report?.tasks).toHaveLength(3);
  const reserved = rolloutKeys(out)
    .filter((l) => l.type === 'reserve')
    .map((l) => l.key);
  expect(new Set(reserved).size).toBe(6);
  expect(reserved).toHaveLength(6);
  await workers.at(-1)!.stop();
}, 180_000);
