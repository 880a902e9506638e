/**
 * `agent-track metrics` speed and memory: scoring N synthetic trajectories (30 calls each; see
 * synthetic-run.ts) with computeMetrics and the streaming aggregate, against a bare read and
 * JSON.parse of the same files in the same run. Target: at most 1.5x the bare parse, and a heap
 * that stays flat as the count grows (trajectories are streamed, not held).
 * Run by hand: `npx tsx bench/metrics.ts [N]` (default 10000; the files take ~1 GB in the temp dir).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listTrajectories, MetricsAggregate, scorePath } from '../src/trajectory/index.js';
import { benchLine } from './bench-line.js';
import { writeSyntheticRun } from './synthetic-run.js';

const count = Number(process.argv[2] ?? 10_000);
const run = mkdtempSync(join(tmpdir(), 'agent-track-bench-metrics-'));
const t0 = performance.now();
writeSyntheticRun(run, count);
console.log(`wrote ${count} trajectories in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

async function bare(): Promise<number> {
  let parsed = 0;
  for await (const dir of listTrajectories(run)) {
    for (const file of ['events.jsonl', 'messages.jsonl']) {
      for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) if (line !== '') JSON.parse(line);
    }
    JSON.parse(readFileSync(join(dir, 'model_turns.json'), 'utf8'));
    JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8'));
    parsed++;
  }
  return parsed;
}

// The heap is sampled (a full gc at each quarter) in a pass of its own, after the timed rounds: a
// forced full gc shrinks the young generation, and the scavenges that follow slowed the timed
// scoring by ~15% even with the gc's own time taken out.
async function metrics(sampleHeap = false): Promise<number> {
  const aggregate = new MetricsAggregate();
  const heap: string[] = [];
  for await (const scored of scorePath(run)) {
    if (scored.error) throw scored.error;
    aggregate.add(scored.metrics);
    if (sampleHeap && aggregate.count % Math.ceil(count / 4) === 0) {
      globalThis.gc?.();
      heap.push(`${aggregate.count}: ${mib(process.memoryUsage().heapUsed)} MiB`);
    }
  }
  const start = performance.now();
  aggregate.summary();
  const summary = performance.now() - start;
  if (sampleHeap) console.log(`heap while scoring (after gc when --expose-gc): ${heap.join(', ')}`);
  else console.log(`  summary ${summary.toFixed(0)} ms`);
  return aggregate.count;
}

// Three rounds, alternating, best of each: the machine is shared and noisy.
const times: Record<string, number[]> = { bare: [], metrics: [] };
for (let round = 0; round < 3; round++) {
  for (const [name, fn] of [
    ['bare', bare],
    ['metrics', metrics],
  ] as const) {
    const start = performance.now();
    const n = await fn();
    const ms = performance.now() - start;
    times[name]!.push(ms);
    console.log(`${name.padEnd(8)} ${n} trajectories  ${ms.toFixed(0)} ms`);
  }
}
const best = (xs: number[]) => Math.min(...xs);
const ratio = best(times.metrics!) / best(times.bare!);
await metrics(true);
console.log(`ratio metrics / bare parse: ${ratio.toFixed(2)}x (target <= 1.5x)`);
rmSync(run, { recursive: true, force: true });
benchLine('metrics', { vs_parse: ratio, heap_mib: process.memoryUsage().heapUsed / 2 ** 20 });
