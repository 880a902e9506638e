/**
 * Reading speed: `readTrajectories` (every file validated through its schema, cross-checked) against
 * a bare read-and-JSON.parse of the same files, over N synthetic trajectories of 30 calls each.
 * Run by hand: `npx tsx bench/trajectory-read.ts [N]`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listTrajectories, Recorder, readTrajectories } from '../src/trajectory/index.js';

const count = Number(process.argv[2] ?? 2000);
const run = mkdtempSync(join(tmpdir(), 'agent-track-bench-'));
const row = (i: number) => ({ path: `src/pkg/module_${i % 97}.py`, start: i, end: i + 20, name: `fn_${i}` });
const started = performance.now();
for (let t = 0; t < count; t += 1) {
  const rec = Recorder.create(join(run, 'tasks', `t${t}`), { taskId: `t${t}`, blobs: join(run, 'blobs') });
  for (let turn = 1; turn <= 10; turn += 1) {
    rec.recordMessage({
      id: `m${turn}`,
      content: 'thinking '.repeat(20),
      usage: { prompt: 1000 * turn, completion: 50 },
    });
    for (let c = 0; c < 3; c += 1) {
      const rows = Array.from({ length: 10 }, (_, i) => row(t + turn * 10 + c + i));
      const text = rows
        .map((r) => `${r.path}:${r.start}-${r.end} ${r.name}\n${'    body line\n'.repeat(8)}`)
        .join('\n');
      rec.recordToolCall({
        tool: 'search_codebase',
        args: { query: `query ${turn} ${c}` },
        message_id: `m${turn}`,
        result: text,
        ok: true,
        identifiers: rows.map((r) => r.path),
        rows,
        started_at: new Date(0),
        duration_ms: 5,
      });
    }
  }
  rec.finish({
    answer: 'done',
    outcome: 'answered',
    turn_budget: 12,
    turns: 10,
    timed_out: false,
    started_at: null,
    duration_ms: 1,
  });
}
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
