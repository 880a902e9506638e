/**
 * Writes a synthetic before-after run directory in the layout the `before-after` command writes
 * (`inputs/<task>.jsonl`, `blobs/`, `arms/<baseline|candidate>/tasks/<task>/`, `report.json`,
 * `report.md`) through the real Recorder and buildReport. Seeded, so the same options give the same
 * bytes. Each task has a gold file; each arm searches, reads, sometimes fans out reads, repeats a
 * read (resurfacing), searches a dotted path (tool mismatch), gets an empty search (zero yield) or a
 * failed call; the candidate wastes fewer calls. `hostile` adds a task whose arguments and results
 * carry `</script>` and HTML. Shared by bench/viewer.ts, the viewer tests and
 * bench/make-viewer-fixture.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildReport, renderReportMarkdown } from '../src/report/index.js';
import type { Task } from '../src/retrieval/index.js';
import { createRandom, type RandomSource } from '../src/stats/index.js';
import {
  BlobStore,
  computeMetrics,
  type Outcome,
  Recorder,
  readTrajectory,
  type TrajectoryMetrics,
} from '../src/trajectory/index.js';

export const HOSTILE_TASK = 'hostile-<b>&task';
export const HOSTILE_TEXT =
  '</script><script>document.title = "pwned"</script><img src=x onerror="document.body.dataset.xss = 1"><!-- & -->';

export interface BeforeAfterRunOptions {
  tasks: number;
  seed?: number;
  hostile?: boolean;
}

const body = (path: string, lines: number) =>
  `# ${path}\n${Array.from({ length: lines }, (_, i) => `def f_${i}(x):\n    return x + ${i}\n`).join('')}`;

function recordArm(rec: Recorder, task: Task, arm: 'baseline' | 'candidate', random: RandomSource): void {
  const gold = task.gold.files![0]!;
  const other = (k: number) => `src/other_${k}.py`;
  const waste = arm === 'baseline' ? 0.6 : 0.3;
  let turn = 0;
  let calls = 0;
  const message = (toolCalls: number, content = '') => {
    turn += 1;
    const id = `m${turn}`;
    rec.recordMessage({
      id,
      turn,
      content,
      finish_reason: toolCalls > 0 ? 'tool_calls' : 'stop',
      tool_calls: Array.from({ length: toolCalls }, (_, i) => ({ id: `c${turn}-${i}`, name: 'tool' })),
      usage: { prompt: 900 + 400 * turn, completion: 40 + Math.floor(random() * 80) },
    });
    return id;
  };
  const read = (id: string, path: string) => {
    calls += 1;
    const lines = 20 + Math.floor(random() * 200);
    rec.recordToolCall({
      tool: 'read_file',
      args: { path },
      message_id: id,
      result: body(path, lines),
      ok: true,
      identifiers: [path],
    });
  };
  const search = (id: string, query: string, paths: string[]) => {
    calls += 1;
    const rows = paths.map((path, i) => ({ path, start: 1 + i * 10, end: 9 + i * 10, name: `f_${i}` }));
    const text =
      rows.length === 0
        ? 'no results'
        : rows.map((r) => `${r.path}:${r.start}-${r.end} ${r.name}\n${body(r.path, 6)}`).join('\n');
    rec.recordToolCall({
      tool: 'search_codebase',
      args: { query, limit: 10 },
      message_id: id,
      result: text,
      ok: true,
      identifiers: paths,
      rows,
    });
  };
  // Turn 1: a search, gold ranked (or not) among others.
  const hit = random() < (arm === 'baseline' ? 0.7 : 0.8);
  const ranked = [other(1), other(2), other(3)];
  if (hit) ranked.splice(Math.floor(random() * 3), 0, gold);
  search(message(1, 'Let me search the code base.'), task.question, ranked);
  if (random() < waste) search(message(1), 'pkg.module.f_1', []); // a dotted path: mismatch and zero yield
  if (random() < waste) {
    const id = message(3, 'Reading the candidates one by one.'); // fan-out where a batch tool exists
    for (const path of ranked.slice(0, 3)) read(id, path);
  } else {
    const id = message(1);
    calls += 1;
    rec.recordToolCall({
      tool: 'read_files',
      args: { paths: ranked.slice(0, 3) },
      message_id: id,
      result: ranked
        .slice(0, 3)
        .map((p) => body(p, 30))
        .join('\n'),
      ok: true,
      identifiers: ranked.slice(0, 3),
    });
  }
  if (random() < waste) read(message(1, 'Reading it again to be sure.'), ranked[0]!); // resurfacing
  if (random() < 0.15) {
    calls += 1;
    rec.recordToolCall({
      tool: 'get_symbol',
      args: { target: 'pkg.missing' },
      message_id: message(1),
      result: 'error: symbol not found',
      ok: false,
      error: 'symbol `pkg.missing` not found',
      identifiers: [],
    });
  }
  if (!hit && random() < 0.6) read(message(1), gold);
  const roll = random();
  const outcome: Outcome =
    roll < (arm === 'baseline' ? 0.8 : 0.88) ? 'answered' : roll < 0.95 ? 'budget_exhausted' : 'timeout';
  const answer = outcome === 'answered' ? `It is defined in ${hit ? gold : ranked[0]}.` : null;
  if (outcome === 'answered') message(0, answer!);
  rec.finish({
    answer,
    outcome,
    turn_budget: 12,
    turns: outcome === 'answered' ? turn : 12,
    timed_out: outcome === 'timeout',
    started_at: null,
    duration_ms: 1000 + calls * 250,
  });
}

function recordHostile(rec: Recorder): void {
  rec.recordMessage({
    id: 'h1',
    turn: 1,
    content: `I will look for ${HOSTILE_TEXT}`,
    tool_calls: [{ id: 'x', name: 'search_codebase' }],
  });
  rec.recordToolCall({
    tool: 'search_codebase',
    args: { query: HOSTILE_TEXT },
    message_id: 'h1',
    result: `${'x'.repeat(2100)}\n${HOSTILE_TEXT}\nsrc/hostile.py`,
    ok: true,
    identifiers: ['src/hostile.py'],
    rows: [{ path: 'src/hostile.py' }],
  });
  rec.recordToolCall({
    tool: 'read_file',
    args: { path: 'src/<b>.py' },
    message_id: 'h1',
    result: HOSTILE_TEXT,
    ok: true,
    identifiers: ['src/<b>.py'],
  });
  rec.recordMessage({ id: 'h2', turn: 2, content: HOSTILE_TEXT, finish_reason: 'stop' });
  rec.finish({
    answer: HOSTILE_TEXT,
    outcome: 'answered',
    turn_budget: 12,
    turns: 2,
    timed_out: false,
    started_at: null,
    duration_ms: null,
  });
}

/** Writes the run into `dir` (which must not hold one) and returns its task ids in order. */
export async function writeBeforeAfterRun(dir: string, options: BeforeAfterRunOptions): Promise<string[]> {
  const random = createRandom(options.seed ?? 0);
  const blobs = new BlobStore(join(dir, 'blobs'));
  const tasks: Task[] = Array.from({ length: options.tasks }, (_, i) => ({
    id: `task-${String(i).padStart(3, '0')}`,
    question: `Where is the handler for feature ${i} defined?`,
    gold: { files: [`src/feature_${i}.py`] },
  }));
  if (options.hostile)
    tasks.push({
      id: HOSTILE_TASK,
      question: `What does ${HOSTILE_TEXT} do?`,
      gold: { files: ['src/hostile.py'] },
    });
  mkdirSync(join(dir, 'inputs'), { recursive: true });
  const metrics = {
    baseline: new Map<string, TrajectoryMetrics>(),
    candidate: new Map<string, TrajectoryMetrics>(),
  };
  for (const task of tasks) {
    writeFileSync(join(dir, 'inputs', `${encodeURIComponent(task.id)}.jsonl`), `${JSON.stringify(task)}\n`);
    for (const arm of ['baseline', 'candidate'] as const) {
      const taskDir = join(dir, 'arms', arm, 'tasks', encodeURIComponent(task.id));
      const rec = Recorder.create(taskDir, { taskId: task.id, blobs });
      if (task.id === HOSTILE_TASK) recordHostile(rec);
      else recordArm(rec, task, arm, random);
      metrics[arm].set(task.id, computeMetrics(await readTrajectory(taskDir), task));
    }
  }
  const report = buildReport(
    { commit: 'a'.repeat(40), subject: 'tool docs v1', metrics: metrics.baseline, failed: 0 },
    {
      commit: 'b'.repeat(40),
      subject: 'tool docs v2: point at read_files',
      metrics: metrics.candidate,
      failed: 0,
    },
    {
      title: 'tool docs v1 -> v2 (synthetic)',
      model: 'offline',
      offline: true,
      prices: { input_per_1m: 1, output_per_1m: 4 },
      taskIds: tasks.map((t) => t.id),
    },
  );
  writeFileSync(join(dir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(dir, 'report.md'), renderReportMarkdown(report));
  return tasks.map((t) => t.id);
}
