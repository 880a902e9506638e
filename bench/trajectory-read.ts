/**
 * Reading speed: `readTrajectories` (every file validated through its schema, cross-checked) against
 * a bare read-and-JSON.parse of the same files, over N synthetic trajectories of 30 calls each.
 * Run by hand: `npx tsx bench/trajectory-read.ts [N]`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listTrajectories, readTrajectories } from '../src/trajectory/index.js';
import { writeSyntheticRun } from './synthetic-run.js';

const count = Number(process.argv[2] ?? 2000);
const run = mkdtempSync(join(tmpdir(), 'agent-track-bench-'));
const started = performance.now();
writeSyntheticRun(run, count);
console.log(`wrote ${count} trajectories in ${((performance.now() - started) / 1000).toFixed(1)} s`);

async function bare() {
  let events = 0;
  for await (const dir of listTrajectories(run)) {
    for (const line of readFileSync(join(dir, 'events.jsonl'), 'utf8').split('\n')) {
      if (line === '') continue;
      JSON.parse(line);
      events += 1;
    }
    for (const line of readFileSync(join(dir, 'messages.jsonl'), 'utf8').split('\n'))
      if (line !== '') JSON.parse(line);
    JSON.parse(readFileSync(join(dir, 'model_turns.json'), 'utf8'));
    JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8'));
  }
  return events;
}

async function validated() {
  let events = 0;
  for await (const outcome of readTrajectories(run, { blobs: join(run, 'blobs') })) {
    if (outcome.error !== undefined) throw outcome.error;
    events += outcome.trajectory.events.length;
  }
  return events;
}

for (const [name, fn] of [
  ['bare parse', bare],
  ['readTrajectories', validated],
  ['bare parse', bare],
  ['readTrajectories', validated],
] as const) {
  const heapBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const events = await fn();
  const ms = performance.now() - t0;
  console.log(
    `${name.padEnd(17)} ${events} events  ${ms.toFixed(0)} ms  heap +${((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20).toFixed(1)} MiB`,
  );
}
rmSync(run, { recursive: true, force: true });
