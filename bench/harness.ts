// The agent harness at scale (issue 5, "Speed"): 50 tasks through the offline endpoint with an
// injected 200 ms model latency, at concurrency 1 and 8, against the reference server started the
// way a campaign arm starts it (the manifest's `serve`: `node dist/cli/bin.js serve`, so build
// first); and the harness's own cost per tool call: the MCP round trip (stdio, JSON-RPC, the
// server's work) and the recording (blob, preview, events line). Both server modes: `warm`, a
// fresh server per task started ahead of need (`isolation: task`), and the reference product's own
// `isolation: corpus` (the default here: a finished task's server serves the next).
// Run: npm run build && npm run bench:harness. Not a timed test: figures go in the closing note.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openModel } from '../src/agent/harness/open-model.js';
import { runHarness } from '../src/agent/harness/run-harness.js';
import { createWorkspaceResolver } from '../src/agent/harness/task-workspace.js';
import { openAgentProduct } from '../src/agent/manifest/agent-product.js';
import { connectMcpServer } from '../src/agent/mcp/mcp-session.js';
import { createRecordingProxy } from '../src/agent/mcp/recording-proxy.js';
import { buildIndex } from '../src/product/index-build/build-index.js';
import { DEFAULT_SERVING_CONFIG, parseServingConfig } from '../src/product/serving/load-serving-config.js';
import type { Task } from '../src/retrieval/task/schema.js';
import { filePathExtractor, Recorder, readTrajectories } from '../src/trajectory/index.js';
import { benchLine } from './bench-line.js';

const ROOT = resolve(import.meta.dirname, '..');
const TASKS = 50;
const LATENCY_MS = 200;
const TOPICS = [
  'cart total',
  'payment retry',
  'tax rate',
  'inventory stock',
  'order status',
  'storage',
  'discount',
  'checkout',
  'refund',
  'gateway',
];

if (!existsSync(join(ROOT, 'dist/cli/bin.js'))) {
  console.error(
    'bench/harness.ts runs the built server (the manifest serve command): run `npm run build` first',
  );
  process.exit(1);
}

function percentile(sorted: readonly number[], p: number): number {
  const rank = (sorted.length - 1) * p;
  const low = Math.floor(rank);
  return sorted[low]! + (sorted[Math.min(low + 1, sorted.length - 1)]! - sorted[low]!) * (rank - low);
}
function summary(samples: readonly number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return `mean ${mean.toFixed(2)} ms, p50 ${percentile(sorted, 0.5).toFixed(2)} ms, p90 ${percentile(sorted, 0.9).toFixed(2)} ms (n=${samples.length})`;
}

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-bench-harness-'));
const config = parseServingConfig([]);
const workspace = join(scratch, 'ws');
buildIndex({ corpus: join(ROOT, 'fixtures/corpora/py-shop'), out: workspace, config });
const product = openAgentProduct({ dir: ROOT, config: DEFAULT_SERVING_CONFIG });
const tasks: Task[] = Array.from({ length: TASKS }, (_, i) => ({
  id: `t${String(i).padStart(2, '0')}`,
  question: `How does the shop handle ${TOPICS[i % TOPICS.length]} (${i})?`,
  gold: { files: ['shop/cart.py'] },
}));
const model = await openModel({ model: 'offline', offline: { delayMs: LATENCY_MS } });

console.log(
  `${cpus().length} cpus, ${TASKS} tasks, offline policy with ${LATENCY_MS} ms injected latency per model turn`,
);
const walls: Record<string, number> = {};
try {
  // `default`: the reference product as its manifest says (`isolation: corpus`: servers reused);
  // `task`: a fresh server per rollout, started ahead of need (what `isolation: task` gets).
  for (const [servers, concurrency] of [
    ['default', 1],
    ['default', 4],
    ['default', 8],
    ['task', 1],
    ['task', 8],
  ] as const) {
    const out = join(scratch, `${servers}-c${concurrency}`);
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    const result = await runHarness({
      tasks,
      out,
      model,
      product,
      concurrency,
      ...(servers === 'task' ? { reuseServers: false } : {}),
      workspaces: createWorkspaceResolver({ config, cacheDir: scratch, reposDir: scratch, workspace }),
    });
    const wall = performance.now() - began;
    const cpu = process.cpuUsage(cpuBefore);
    walls[`${servers}-${concurrency}`] = wall;
    const durations: number[] = [];
    let calls = 0;
    let turns = 0;
    for await (const read of readTrajectories(out)) {
      if (read.error) throw read.error;
      calls += read.trajectory.events.length;
      turns += read.trajectory.result.turns;
      for (const event of read.trajectory.events) durations.push(event.duration_ms ?? 0);
    }
    console.log(
      `${servers} servers, concurrency ${concurrency}: ${(wall / 1000).toFixed(1)} s wall, ${(wall / TASKS).toFixed(0)} ms a task; ${result.done} done, ${result.failed} failed; ${turns} model turns (${((turns * LATENCY_MS) / 1000).toFixed(1)} s of injected latency), ${calls} tool calls; this process (harness + in-process endpoint) used ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU; MCP round trip ${summary(durations)}`,
    );
  }
  const at = (servers: string, c: number) => walls[`${servers}-1`]! / walls[`${servers}-${c}`]!;
  console.log(
    `default settings: speed-up at concurrency 4 ${at('default', 4).toFixed(2)}x, at 8 ${at('default', 8).toFixed(2)}x (target >= 6x at 8); isolation task: at 8 ${at('task', 8).toFixed(2)}x`,
  );

  // The harness's cost per call on one warm server: round trip plus recording, then recording alone.
  const session = await connectMcpServer(product.serverFor({ workspace, corpus: null }));
  const recorder = Recorder.create(join(scratch, 'overhead/tasks/o'), {
    taskId: 'o',
    blobs: join(scratch, 'overhead/blobs'),
  });
  recorder.recordMessage({ id: 'm' });
  const proxy = createRecordingProxy({ session, recorder, extractor: filePathExtractor() });
  const perCall: number[] = [];
  for (let i = 0; i < 300; i++) {
    const call =
      i % 2 === 0
        ? { id: `c${i}`, name: 'search_codebase', arguments: { query: TOPICS[i % TOPICS.length]! } }
        : { id: `c${i}`, name: 'read_file', arguments: { path: 'shop/cart.py', start: 1, end: 20 } };
    const began = performance.now();
    await proxy.run([{ ...call, arguments_raw: JSON.stringify(call.arguments) }], 'm');
    perCall.push(performance.now() - began);
  }
  const roundTrips = recorder.events.map((e) => e.duration_ms ?? 0);
  const recording = perCall.map((total, i) => total - roundTrips[i]!);
  await session.close();
  console.log(`per tool call, warm server: total ${summary(perCall.slice(20))}`);
  console.log(`  MCP round trip (incl. the server's search/read) ${summary(roundTrips.slice(20))}`);
  console.log(`  recording (blob, preview, events line) ${summary(recording.slice(20))}`);
  benchLine('harness', {
    speedup8: at('default', 8),
    speedup4: at('default', 4),
    speedup8_isolation_task: at('task', 8),
  });
} finally {
  await model.close();
  rmSync(scratch, { recursive: true, force: true });
}
