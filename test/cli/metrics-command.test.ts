import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BlobStore, Recorder } from '../../src/trajectory/index.js';
import { cli } from './run-cli.js';

const root = resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-metrics-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// A run of two hand-made trajectories plus one refused directory.
// t1: turn 1 searches (rows a.py, b.py; gold a.py -> first call surfaces gold), turn 2 reads a.py
//     (identifiers [a.py], already returned by the search -> resurfacing). 2 calls, 1 needless -> 0.5.
// t2: one search returning nothing (zero yield) -> needless 1/1 = 1.0; gold never reached.
const runDir = join(scratch, 'run');
beforeAll(() => {
  const blobs = new BlobStore(join(runDir, 'blobs'));
  const t1 = Recorder.create(join(runDir, 'tasks', 't1'), { taskId: 't1', blobs });
  t1.recordMessage({ id: 'm1', turn: 1, tool_calls: [{ id: 'c1', name: 'search_codebase' }] });
  t1.recordToolCall({
    tool: 'search_codebase',
    args: { query: 'where is a' },
    message_id: 'm1',
    result: 'a.py\nb.py',
    ok: true,
    identifiers: ['a.py', 'b.py'],
    rows: [{ path: 'a.py' }, { path: 'b.py' }],
  });
  t1.recordMessage({ id: 'm2', turn: 2, tool_calls: [{ id: 'c2', name: 'read_file' }] });
  t1.recordToolCall({
    tool: 'read_file',
    args: { path: 'a.py' },
    message_id: 'm2',
    result: 'A = 1',
    ok: true,
    identifiers: ['a.py'],
  });
  t1.recordMessage({ id: 'm3', turn: 3, content: 'a.py', finish_reason: 'stop' });
  t1.finish({
    answer: 'a.py',
    outcome: 'answered',
    turn_budget: 10,
    turns: 3,
    timed_out: false,
    started_at: null,
    duration_ms: null,
  });

  const t2 = Recorder.create(join(runDir, 'tasks', 't2'), { taskId: 't2', blobs });
  t2.recordMessage({ id: 'n1', turn: 1, tool_calls: [{ id: 'd1', name: 'search_codebase' }] });
  t2.recordToolCall({
    tool: 'search_codebase',
    args: { query: 'zzz' },
    message_id: 'n1',
    result: 'no results',
    ok: true,
    identifiers: [],
    rows: [],
  });
  t2.finish({
    answer: null,
    outcome: 'unanswered_empty',
    turn_budget: 10,
    turns: 1,
    timed_out: false,
    started_at: null,
    duration_ms: null,
  });

  cpSync(join(root, 'fixtures/trajectories/recorded/no-turns-sidecar'), join(runDir, 'tasks', 'broken'), {
    recursive: true,
  });
  writeFileSync(
    join(scratch, 'tasks.jsonl'),
    `${JSON.stringify({ id: 't1', question: 'where is a?', gold: { files: ['a.py'] } })}\n${JSON.stringify({ id: 't2', question: 'zzz?', gold: { files: ['a.py'] } })}\n`,
  );
});

describe('agent-track metrics', () => {
  test('a run directory: scores the good trajectories, names the bad one, exits 2', async () => {
    const { stdout, stderr, code } = await cli(
      'metrics',
      runDir,
      '--task',
      join(scratch, 'tasks.jsonl'),
      '--json',
    );
    expect(code).toBe(2);
    expect(stderr).toContain('broken');
    expect(stderr).toMatch(/turns sidecar is missing/);
    const out = JSON.parse(stdout) as {
      trajectories: { metrics: Record<string, unknown> }[];
      aggregate: { key: string; mean: number | null; n: number }[];
      errors: { source: string }[];
    };
    const byTask = Object.fromEntries(out.trajectories.map((t) => [t.metrics.task_id, t.metrics]));
    expect(byTask.t1).toMatchObject({
      needless_call_rate: 0.5,
      tool_calls_to_first_gold: 1,
      needle_reached: true,
    });
    expect(byTask.t2).toMatchObject({
      needless_call_rate: 1,
      needle_reached: false,
      tool_calls_to_first_gold: null,
    });
    const agg = Object.fromEntries(out.aggregate.map((row) => [row.key, row]));
    // mean over both: (0.5 + 1) / 2; answered 1 of 2; to_first_gold defined for t1 only (n 1)
    expect(agg.needless_call_rate).toMatchObject({ mean: 0.75, n: 2 });
    expect(agg.answered).toMatchObject({ mean: 0.5, n: 2 });
    expect(agg.tool_calls_to_first_gold).toMatchObject({ mean: 1, n: 1 });
    expect(agg.pointer_followed_rate).toMatchObject({ mean: null, n: 0 });
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]!.source).toContain('broken');
  });

  test('a transcript file is imported and scored', async () => {
    const file = join(
      root,
      'fixtures/realdata/trajectories/claude-code-stream-json/takopi_claude_stream_json_session.jsonl',
    );
    const { stdout, code } = await cli('metrics', file, '--tools', 'claude-code');
    expect(code).toBe(0);
    expect(stdout).toContain('2 scored, 0 refused');
    // session 1: the result line's usage is the total (prompt 130), session 2's 40: mean 85
    expect(stdout).toMatch(/usage\.prompt\s+85\s+\[40, 130\]\s+2/);
    // session 2 made no tool call: it has no needless-call rate, and the table says so
    expect(stdout).toMatch(/needless_call_rate .* 1\n/);
    expect(stdout).toContain('1 run(s) made no tool call and have no rate over calls');
  });

  test('--error-pattern: a bad regex or a run directory is refused by flag and value before any work; a good one judges the transcript', async () => {
    const tau = join(
      root,
      'fixtures/realdata/trajectories/openai-chat-tool-calls/tau-bench_gpt-4o-airline.failed-repeated.json',
    );
    const bad = await cli('metrics', tau, '--error-pattern', '(unclosed');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /Expected the `--error-pattern` option to be a valid regular expression .*, got `\(unclosed` \(string\)/,
    );
    expect(bad.stdout).toBe('');
    const empty = await cli('metrics', tau, '--error-pattern', 'x*');
    expect(empty.stderr).toContain('a pattern that the empty text does not match, got `x*` (string)');
    const dir = await cli('metrics', runDir, '--error-pattern', '^Error');
    expect(dir.code).toBe(2);
    expect(dir.stderr).toContain("`--error-pattern` judges a transcript's results");
    expect(dir.stdout).toBe('');
    // Task 13: the default rule fails 6 of 14 calls; a pattern naming only HAT223 fails 1.
    const byDefault = await cli('metrics', tau, '--json');
    const own = await cli('metrics', tau, '--json', '--error-pattern', 'HAT223 not available');
    const task13 = (out: string) =>
      (JSON.parse(out) as { trajectories: { metrics: Record<string, unknown> }[] }).trajectories.find(
        (t) => t.metrics.task_id === '13',
      )!.metrics;
    // Each trajectory names the transcript and its session, not the scratch folder it was imported into.
    const sources = (JSON.parse(byDefault.stdout) as { trajectories: { source: string }[] }).trajectories.map(
      (t) => t.source,
    );
    expect(sources.length).toBeGreaterThan(1);
    for (const source of sources)
      expect(source).toMatch(/^.*tau-bench_gpt-4o-airline\.failed-repeated\.json \(session `[^`]+`\)$/);
    expect(sources).toContain(`${tau} (session \`13\`)`);
    expect(task13(byDefault.stdout)).toMatchObject({ failed_count: 6, repeated_count: 4, needless_calls: 8 });
    expect(task13(own.stdout)).toMatchObject({ failed_count: 1, needless_calls: 6 });
    // The text table has a failed column: task 13, 14 calls, 6 failed, needless 8/14.
    const text = await cli('metrics', tau);
    expect(text.stdout).toMatch(/^13\s+\S+\s+\d+\s+14\s+6\s+0\.571/m);
  }, 60_000);

  test('a missing path is one clear line and exit 2', async () => {
    const { stderr, code } = await cli('metrics', join(scratch, 'nope'));
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('nope');
  });
});

test('what an importer skips is said in text mode too, naming the file, the line and the bad field', async () => {
  const sample = join(
    root,
    'fixtures/realdata/trajectories/claude-code-stream-json/takopi_claude_stream_json_session.jsonl',
  );
  const { readFileSync } = await import('node:fs');
  const lines = readFileSync(sample, 'utf8').split('\n');
  // Line 5's tool_result carries a number where its content belongs.
  lines[4] = lines[4]!.replace('"content":"ok"', '"content":42');
  const file = join(scratch, 'bad-content.jsonl');
  writeFileSync(file, lines.join('\n'));
  const result = await cli('metrics', file);
  expect(result.code).toBe(0);
  expect(result.stderr).toContain(
    `warning: ${file}:5: a tool_result block was skipped: \`content\` Invalid input, got \`42\` (number)`,
  );
  expect(result.stdout).toMatch(/2 scored, 0 refused, \d+ warning\(s\): what the importer skipped, above/);
  // A script that must not score around a skipped call asks for the exit status to say it.
  const strict = await cli('metrics', file, '--strict');
  expect(strict.code).toBe(2);
  expect(strict.stderr).toContain(
    'agent-track: the importer skipped 1 call(s) or result(s) (named above): with --strict the scores are refused',
  );
  // The sample as published warns only about its totals (usage, num_turns): nothing was skipped.
  expect((await cli('metrics', sample, '--strict')).code).toBe(0);
}, 60_000);

// Issue 39: `--tools` read a manifest's `tools:` alone, so one the product loader refuses scored.
test('metrics --tools with a product manifest the product loader refuses: exit 2, the key and the file', async () => {
  const manifest = join(scratch, 'typo.product.yaml');
  writeFileSync(manifest, 'name: fs\nserve: [node, server.js]\nisolaton: corpus\ntools: {search: [find]}\n');
  const { stderr, code } = await cli(
    'metrics',
    join(root, 'fixtures/runs/viewer-small'),
    '--tools',
    manifest,
  );
  expect(code).toBe(2);
  expect(stderr).toMatch(
    new RegExp(
      `^agent-track: \`--tools\`: The product manifest \`${manifest}\` is refused: .*\`isolaton\`.*\\n$`,
    ),
  );
}, 60_000);
