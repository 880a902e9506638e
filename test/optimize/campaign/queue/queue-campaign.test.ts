import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import seedrandom from 'seedrandom';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createOfflinePolicy, startEndpoint } from '../../../../src/agent/index.js';
import { selfCommand } from '../../../../src/cli/self-command.js';
import { demoCampaignArgs, seededDemoProduct } from '../../before-after/kill-run.js';
import { redisValues, startRedis, type TestRedis } from './redis-server.js';
import { startWorker, type WorkerProcess } from './workers.js';

const root = resolve(import.meta.dirname, '../../../..');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-queue-'));
const cacheDir = join(scratch, 'cache');
let product: { repo: string; baseline: string; candidate: string };
let redis: TestRedis;
let args: string[];
let reference: string;
const workers: WorkerProcess[] = [];
const KEY_ENV = 'QUEUE_TEST_KEY';
const SECRET = 'sk-queue-test-5f1e9a0c7d3b';
const redisDir = () => join(scratch, 'redis');

beforeAll(async () => {
  // The orchestrator and the workers share this machine's install cache: the demo's install is linked.
  product = await seededDemoProduct(root, join(scratch, 'product'), cacheDir);
  mkdirSync(join(scratch, 'redis'));
  redis = await startRedis(join(scratch, 'redis'));
  // Priced, so every booking is real dollars the checks below can count.
  // 3 tasks (6 rollouts): enough jobs in flight for three workers and the faults below.
  args = [
    ...demoCampaignArgs(product, cacheDir, { limit: 3 }),
    ...['--usd-per-1m-input', '1', '--usd-per-1m-output', '4', '--usd-per-1m-embed', '0.02'],
    ...['--max-usd', '5', '--concurrency', '4'],
  ];
}, 60_000);

// Redis saves and exits, and the scratch holds worktrees: seconds on a loaded machine, not 10.
afterAll(async () => {
  for (const worker of workers) worker.kill();
  await redis?.stop();
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

function orchestrate(
  dir: string,
  queue: string | null,
  campaign: readonly string[] = args,
  env: NodeJS.ProcessEnv = process.env,
) {
  const [node, ...argv] = selfCommand(
    ...campaign,
    '--out',
    dir,
    ...(queue === null ? [] : ['--queue', queue]),
  );
  const child = spawn(node, argv, { cwd: root, env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, exited, stderr: () => stderr, kill: () => process.kill(-child.pid!, 'SIGKILL') };
}

const lines = (file: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.endsWith('}'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : [];

/** What every run over the queue must end with, whatever was killed on the way. */
function expectOneOfEach(dir: string) {
  // The campaign log says why a rollout ended not run (a worker's refusal and its reason, an endpoint failure).
  expect(
    readFileSync(join(dir, 'report.json'), 'utf8'),
    readFileSync(join(dir, 'campaign.log'), 'utf8'),
  ).toBe(reference);
  const ledger = lines(join(dir, 'ledger.jsonl'));
  expect(ledger).toHaveLength(6);
  expect(new Set(ledger.map((line) => `${line.arm}/${line.task_id}`)).size).toBe(6);
  // Dollars booked once per rollout, however many workers raced or died: every reservation but
  // the ones refunded to $0 (a job a worker refused ran nothing) is a different rollout's, and settled.
  const spend = lines(join(dir, 'spend.jsonl'));
  const settledAt = new Map(
    spend.filter((line) => line.type === 'settle').map((line) => [line.key, line.usd]),
  );
  const charged = spend.filter(
    (line) => line.type === 'reserve' && line.kind === 'rollout' && settledAt.get(line.key) !== 0,
  );
  const log = readFileSync(join(dir, 'campaign.log'), 'utf8');
  expect(charged.map((line) => String(line.key).replace(/#\d+$/, '')).sort(), log).toEqual(
    ledger.map((line) => `${line.arm}/${line.task_id}`).sort(),
  );
  expect(charged.every((line) => settledAt.has(line.key))).toBe(true);
  for (const arm of ['baseline', 'candidate']) {
    const done = lines(join(dir, 'arms', arm, 'ledger.jsonl')).filter((line) => line.status === 'done');
    expect(done).toHaveLength(3);
    expect(new Set(done.map((line) => line.task_id)).size).toBe(3);
  }
}

const live = () => workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
const stopFleet = async () => {
  for (const worker of live()) await worker.stop();
};
// One fleet of three serves the tests in turn (its worktrees set up once); a killed one is replaced.
const keepFleet = () => {
  for (let i = live().length; i < 3; i++)
    workers.push(startWorker(redis.url, `w${workers.length + 1}`, cacheDir, root));
};

describe('a before-after campaign on a Redis queue, run by agent-track worker processes', () => {
  test('the in-process run, for reference', async () => {
    const run = orchestrate(join(scratch, 'in-process'), null);
    expect(await run.exited, run.stderr()).toBe(4);
    reference = readFileSync(join(scratch, 'in-process', 'report.json'), 'utf8');
  }, 180_000);

  test('three workers give a report byte-identical to the in-process run, each rollout recorded and booked once', async () => {
    keepFleet();
    const dir = join(scratch, 'three');
    const run = orchestrate(dir, redis.url);
    expect(await run.exited, run.stderr()).toBe(4);
    expectOneOfEach(dir);
    const log = readFileSync(join(dir, 'campaign.log'), 'utf8');
    expect(log).toContain(`rollouts run on the queue ${redis.url}`);
  }, 180_000);

  test.each([
    ['k1', false],
    ['k2', true],
  ])(
    'workers killed -9 at random moments (seed %s; Redis restarted mid-campaign too: %s): their jobs run elsewhere, the orchestrator and the workers reconnect, nothing twice',
    async (seed, restart) => {
      const random = seedrandom(seed);
      keepFleet();
      const dir = join(scratch, `killed-${seed}`);
      const run = orchestrate(dir, redis.url);
      let finished = false;
      void run.exited.then(() => {
        finished = true;
      });
      let killed = 0;
      for (let kill = 1; kill <= 3 && !finished; kill++) {
        await delay(300 + random() * 1500);
        // The first worker found holding a job (it said `started` more often than it ended one) dies.
        let victim: WorkerProcess | undefined;
        while (!finished && victim === undefined) {
          const busy = live().filter((w) => w.busy());
          victim = busy[Math.floor(random() * busy.length)];
          if (victim === undefined) await delay(10);
        }
        if (victim === undefined) break;
        victim.kill();
        killed++;
        keepFleet();
        if (restart && kill === 1) {
          // Redis goes away with jobs running and queued, and comes back on its port and data.
          await redis.stop();
          await delay(1500);
          await redis.start();
        }
      }
      expect(killed).toBeGreaterThan(0);
      expect(await run.exited).toBe(4);
      expectOneOfEach(dir);
    },
    240_000,
  );

  test('the ceiling holds with workers racing: each job booked before it is enqueued, a booking past it waits for one in flight to settle', async () => {
    keepFleet();
    const dir = join(scratch, 'ceiling');
    // $0.08598 a rollout (the plan's worst case): $0.10 holds one booking at a time, with 4 jobs
    // allowed in flight. Each rollout settles at what it used (well under its booking), which makes
    // room for the next; the run stops once the settled spend leaves no room for a worst case.
    const capped = args.map((arg, i) => (args[i - 1] === '--max-usd' ? '0.1' : arg));
    const run = orchestrate(dir, redis.url, capped);
    expect(await run.exited).toBe(3);
    expect(run.stderr()).toContain('stopped by the ceiling');
    const spend = lines(join(dir, 'spend.jsonl'));
    // Replayed in order, what the book holds (settled amounts, open bookings at their worst case)
    // never passes the ceiling.
    const booked = new Map<string, number>();
    let held = 0;
    for (const line of spend) {
      const usd = Number(line.usd);
      if (line.type === 'reserve') booked.set(String(line.key), usd);
      held += line.type === 'reserve' ? usd : usd - (booked.get(String(line.key)) ?? 0);
      expect(held).toBeLessThanOrEqual(0.1 + 1e-9);
    }
    const ran = lines(join(dir, 'ledger.jsonl'));
    const rollouts = spend.filter((line) => line.type === 'reserve' && line.kind === 'rollout');
    // More than one ran (the waits made room), not all six; each booked once.
    expect(ran.length).toBeGreaterThan(1);
    expect(ran.length).toBeLessThan(6);
    expect(rollouts).toHaveLength(ran.length);
    expect(readFileSync(join(dir, 'campaign.log'), 'utf8')).toContain(
      'with no rollout in flight left to settle below its booking',
    );
  }, 180_000);

  test('the orchestrator killed -9 and run again reattaches to the jobs still queued or running', async () => {
    keepFleet();
    const dir = join(scratch, 'orchestrator');
    const first = orchestrate(dir, redis.url);
    while (lines(join(dir, 'ledger.jsonl')).length < 2) await delay(20);
    first.kill();
    await first.exited;
    // The workers go on with what they hold; the same command finds those jobs and books nothing again.
    const again = orchestrate(dir, redis.url);
    expect(await again.exited).toBe(4);
    expectOneOfEach(dir);
    // Killed with rollouts in flight: the resume said which bookings it took over.
    expect(readFileSync(join(dir, 'campaign.log'), 'utf8')).toMatch(
      /waited for, not booked again|never sent/,
    );
  }, 240_000);

  test("a worker without the block's key refuses its jobs and the campaign stops; the key is never in Redis or a file", async () => {
    const endpoint = await startEndpoint({ policy: createOfflinePolicy({}) });
    try {
      const block = join(scratch, 'keyed-block.yaml');
      writeFileSync(
        block,
        `provider: openai\nbase_url: ${endpoint.openaiBaseUrl}\nauth: { env: ${KEY_ENV} }\nmax_retries: 0\n`,
      );
      const keyed = [...demoCampaignArgs(product, cacheDir, { block, limit: 2 }), '--concurrency', '2'];
      const withKey = { ...process.env, [KEY_ENV]: SECRET };
      const withoutKey = { ...process.env };
      delete withoutKey[KEY_ENV];
      const dir = join(scratch, 'keyed');
      await stopFleet();
      workers.push(startWorker(redis.url, 'nokey', cacheDir, root, [], withoutKey));
      const refused = orchestrate(dir, redis.url, keyed, withKey);
      expect(await refused.exited).toBe(3);
      expect(refused.stderr()).toContain("stopped by the queue's workers refusing rollout after rollout");
      const log = readFileSync(join(dir, 'campaign.log'), 'utf8');
      const said = `The LLM block names its key by \`auth.env\` = \`${KEY_ENV}\`, but the environment variable`;
      expect(
        log.split('\n').filter((line) => line.includes('nokey refused') && line.includes(said)).length,
        log,
      ).toBeGreaterThanOrEqual(3);
      // Refused before anything was sent: every booking refunded.
      expect(
        lines(join(dir, 'spend.jsonl')).filter((line) => line.type === 'settle' && line.usd !== 0),
      ).toEqual([]);
      await stopFleet();
      // A worker that has the key: the same command runs what the other refused.
      workers.push(startWorker(redis.url, 'haskey', cacheDir, root, [], withKey));
      const again = orchestrate(dir, redis.url, keyed, withKey);
      expect(await again.exited, again.stderr()).toBe(4);
      expect(lines(join(dir, 'ledger.jsonl'))).toHaveLength(4);
      await stopFleet();
      expect(endpoint.requests.length).toBeGreaterThan(0);
      // Redis holds blocks, corpora, blobs and results: never the key's value.
      const values = await redisValues(redis.port);
      expect(values.length).toBeGreaterThan(0);
      expect(values.filter((value) => value.includes(SECRET))).toEqual([]);
      // Nor any file of the campaign, nor Redis's own append-only files.
      const found = spawnSync('grep', ['-rl', SECRET, dir, redisDir()], { encoding: 'utf8' });
      expect(found.stdout).toBe('');
      expect(found.status).toBe(1);
    } finally {
      await endpoint.close();
    }
  }, 240_000);
});
