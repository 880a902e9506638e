// Campaign rollouts spread over workers on a Redis queue (issue 18) against the in-process
// scheduler, at a fixed model latency: the demo product (two commits), fixture-code/small_test (12
// tasks x 2 arms = 24 rollouts), one offline endpoint on 127.0.0.1 whose every reply waits
// DELAY_MS, named by an LLM block both modes use. In-process at --concurrency 1, 2 and 4, then 1, 2
// and 4 `agent-track worker` processes (each --concurrency 1; the orchestrator keeps as many jobs in
// flight). Each pool of workers first serves the same campaign twice (its worktrees set up, its
// runners and servers started, as a long-lived pool's are); the in-process runs include their arms' set-up.
// All on one 2-core machine. Ends with `{"bench":"queue","figures":{speedup4, speedup2,
// speedup4_wall, worker_vs_inprocess}}`: the rollout phase (first start to last end in the
// campaign log) with 1 worker over 4 and over 2 workers, the whole command's wall time with 1 over
// 4, and 1 worker's whole command over the in-process one at concurrency 1.
// Run: npm run transpile && npx tsx bench/queue.ts [delay-ms=400]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createOfflinePolicy, startEndpoint } from '../src/agent/index.js';
import { selfCommand } from '../src/cli/self-command.js';
import { demoCampaignArgs, seededDemoProduct } from '../test/optimize/before-after/kill-run.js';
import { startRedis } from '../test/optimize/campaign/queue/redis-server.js';
import { startWorker } from '../test/optimize/campaign/queue/workers.js';
import { benchLine } from './bench-line.js';

const DELAY_MS = Number(process.argv[2] ?? 400);
const root = resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-queue-bench-'));
const cacheDir = join(scratch, 'cache');

function run(args: readonly string[]): Promise<{ code: number | null; seconds: number }> {
  const began = Date.now();
  const [node, ...argv] = selfCommand(...args);
  const child = spawn(node, argv, { cwd: root, stdio: 'ignore' });
  return new Promise((done) =>
    child.on('exit', (code) => done({ code, seconds: (Date.now() - began) / 1000 })),
  );
}

// The rollout phase of a campaign: from its first rollout's start to its last one's end, as its
// campaign.log stamps them (the rest is the orchestrator's plan, set-up and report).
function rolloutSeconds(dir: string): number {
  const stamps = readFileSync(join(dir, 'campaign.log'), 'utf8')
    .split('\n')
    .filter((line) => / (started|finished)\b/.test(line))
    .map((line) => Date.parse(line.slice(0, line.indexOf(' '))));
  return (Math.max(...stamps) - Math.min(...stamps)) / 1000;
}

const endpoint = await startEndpoint({ policy: createOfflinePolicy({ delayMs: DELAY_MS }) });
mkdirSync(join(scratch, 'redis'));
const redis = await startRedis(join(scratch, 'redis'));
try {
  const product = await seededDemoProduct(root, join(scratch, 'product'), cacheDir);
  const block = join(scratch, 'block.yaml');
  writeFileSync(block, `provider: openai\nbase_url: ${endpoint.openaiBaseUrl}\nmax_retries: 0\n`);
  const campaign = (out: string, concurrency: number) => [
    ...demoCampaignArgs(product, cacheDir, { block, limit: null }),
    ...['--concurrency', String(concurrency), '--out', join(scratch, out)],
  ];

  console.log(`${cpus().length} cpus; 24 rollouts; every model reply waits ${DELAY_MS} ms`);
  await run(campaign('warm-up', 2)); // builds the index and the orchestrator's install cache
  const reference = readFileSync(join(scratch, 'warm-up', 'report.json'), 'utf8');
  const base = new Map<number, number>();
  for (const n of [1, 2, 4]) {
    const { code, seconds } = await run(campaign(`local-${n}`, n));
    base.set(n, seconds);
    const same = readFileSync(join(scratch, `local-${n}`, 'report.json'), 'utf8') === reference;
    console.log(
      `in-process --concurrency ${n}: ${seconds.toFixed(1)} s (exit ${code}, report ${same ? 'identical' : 'DIFFERENT'})`,
    );
  }
  const onQueue = new Map<number, number>();
  const rollouts = new Map<number, number>();
  for (const n of [1, 2, 4]) {
    const workers = Array.from({ length: n }, (_, i) =>
      startWorker(redis.url, `b${n}-${i + 1}`, cacheDir, root),
    );
    // Workers are long-lived: the same campaign run first sets up their worktrees and starts their
    // runners and their corpora's servers, as a pool that has served this product before has them.
    // Twice: each worker keeps a server per arm and corpus it has served, and jobs go to whichever
    // worker is free, so one warm-up left ~4 of the 4-worker pool's 24 to start cold inside the
    // timed run (speedup4 2.97 then). A warm-up of the first 2n tasks, as before 2026-12-06, left
    // all of the py corpus's.
    for (const round of [1, 2]) await run([...campaign(`queue-warm-${n}-${round}`, n), '--queue', redis.url]);
    const { code, seconds } = await run([...campaign(`queue-${n}`, n), '--queue', redis.url]);
    onQueue.set(n, seconds);
    rollouts.set(n, rolloutSeconds(join(scratch, `queue-${n}`)));
    for (const worker of workers) await worker.stop();
    const same = readFileSync(join(scratch, `queue-${n}`, 'report.json'), 'utf8') === reference;
    console.log(
      `${n} worker(s) on the queue: ${seconds.toFixed(1)} s, its rollouts ${rollouts.get(n)!.toFixed(1)} s (exit ${code}, report ${same ? 'identical' : 'DIFFERENT'}); ` +
        `${(base.get(1)! / seconds).toFixed(2)}x the in-process run at 1, ${(base.get(n)! / seconds).toFixed(2)}x the in-process run at ${n}`,
    );
  }
  benchLine('queue', {
    speedup4: rollouts.get(1)! / rollouts.get(4)!,
    speedup2: rollouts.get(1)! / rollouts.get(2)!,
    speedup4_wall: onQueue.get(1)! / onQueue.get(4)!,
    worker_vs_inprocess: onQueue.get(1)! / base.get(1)!,
  });
} finally {
  await endpoint.close();
  await redis.stop();
  rmSync(scratch, { recursive: true, force: true });
}
