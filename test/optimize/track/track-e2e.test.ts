import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { claudeCodeAgent } from '../../../src/agent/external/claude-code.js';
import { commands } from '../../../src/cli/commands.js';
import { createProgram } from '../../../src/cli/program.js';
import { runTrack } from '../../../src/optimize/track/run-track.js';
import { openTrackLedger } from '../../../src/optimize/track/track-ledger.js';
import { trackReportSchema } from '../../../src/optimize/track/track-report-schema.js';
import { readRunLog } from '../../../src/report/index.js';
import { tempDir } from '../../product/helpers/workspace.js';
import { BIN, TRACK_TASKS, trackTasks } from './track-helpers.js';

// What the fake agent does (fixtures/bin/fake-claude.mjs) on the three fixture tasks:
//   bare: Glob, Grep <last long word>, Read every match (one message), answer -> 4 turns
//     t1 `total` -> billing/invoice.py; t2 `invoice` -> invoice.py AND refund.py; t3 `measured` -> parcel.py
//   with-server: search_codebase, read_file(top row), answer -> 3 turns; the top row is the gold file each time.
// Offline judge = round(10 * Jaccard(cited, gold)): t1 10/10, t2 bare cites 2 files for 1 gold -> 1/2 -> 5 vs 10, t3 10/10.
// Tolerance 1: parity on t1 and t3 (2 of 3); t2 (|5 - 10| = 5) is left out of every efficiency row.
// Cost of T turns (usage per message i: input 100, output 20, cache read 1000(i-1), created 2000 at i = 1):
//   0.0006*T + 0.0075 + 0.0003*T(T-1)/2 -> bare (T 4) 0.0024 + 0.0075 + 0.0018 = 0.0117; with-server (T 3) 0.0018 + 0.0075 + 0.0009 = 0.0102
// Cache read totals 1000*T(T-1)/2: 6000 and 3000; created 2000 each.

// metrics.json: the efficiency rows flat (bare = baseline), the judge's quality and the parity counts.
function expectTrackMetrics(out: string): void {
  const metrics = JSON.parse(readFileSync(join(out, 'metrics.json'), 'utf8')) as Record<
    string,
    number | null
  >;
  expect(metrics).toMatchObject({
    'parity.tasks': 2,
    'parity.judged': 3,
    'quality.baseline': 25 / 3,
    'quality.candidate': 10,
    'quality.pairs': 3,
  });
}

test('a track end to end through the CLI: plan, two arms per task, blind judge, a report checked by hand, then a resume that runs nothing', async () => {
  using dir = tempDir();
  const out = join(dir.path, 'track');
  const args = [
    'track',
    '--agent-bin',
    join(BIN, 'fake-claude.mjs'),
    '--dataset',
    TRACK_TASKS,
    '--split',
    'all',
    '--out',
    out,
    '--cache-dir',
    join(dir.path, 'cache'),
    '--timeout-seconds',
    '60',
  ];
  let printed = '';
  const io = { out: (t: string) => (printed += t), err: (t: string) => (printed += t) };
  await createProgram({ version: '0', commands, io }).parseAsync(['node', 'agent-track', ...args]);
  expect(printed).toContain('3 task(s), 6 rollout(s) (bare, with-server)');
  expect(printed).toContain('Nothing ran: add `--confirm-spend`');
  expect(openTrackLedger(join(out, 'ledger.jsonl')).lines()).toHaveLength(0);

  printed = '';
  // 3 judged pairs give no verdict (below): the run finishes, its report written, and exits 4.
  await expect(
    createProgram({ version: '0', commands, io }).parseAsync([
      'node',
      'agent-track',
      ...args,
      '--confirm-spend',
    ]),
  ).rejects.toMatchObject({ name: 'IncompleteRun', exitCode: 4 });
  const track = trackReportSchema.parse(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')));
  expect(
    track.tasks.map((t) => [t.task_id, t.status, t.scores.bare, t.scores['with-server'], t.parity]),
  ).toEqual([
    ['t1', 'paired', 10, 10, true],
    ['t2', 'paired', 5, 10, false],
    ['t3', 'paired', 10, 10, true],
  ]);
  expect(track.parity).toEqual({ tasks: 2, judged: 3 });
  expectTrackMetrics(out);
  // The run log names a track's arms as the track does: bare and with-server.
  const logged = readRunLog(join(dir.path, 'cache', 'runs.jsonl'));
  expect(logged.map((r) => [r.system, r.config.split('@')[0], r.params.arm])).toEqual([
    ['track', 'bare', 'baseline'],
    ['track', 'with-server', 'candidate'],
  ]);
  expect(track.judge).toMatchObject({
    model: 'offline',
    offline: true,
    judged: 3,
    failed: 0,
    calls: 3,
    cost_usd: null,
  });
  // t2's bare arm: Glob, Grep, two Reads = 4 calls, 2 files read.
  expect(track.tasks[1]!.figures.bare).toMatchObject({
    cost_usd: 0.0117,
    turns: 4,
    tool_calls: 4,
    files_read: 2,
  });

  // Quality over all 3 judged pairs: bare (10 + 5 + 10) / 3 = 8.333, with-server 10; differences 0, 5, 0
  // -> mean 5/3; Wilcoxon drops the zeros: n = 1, one positive difference, one-sided p = 1/2.
  expect(track.quality.baseline.mean).toBeCloseTo(25 / 3, 12);
  expect(track.quality.candidate.mean).toBe(10);
  expect(track.quality).toMatchObject({ pairs: 3, pvalue: 0.5, test: 'wilcoxon' });
  expect(track.quality.delta).toBeCloseTo(5 / 3, 12);

  const row = (key: string) => track.report.rows.find((r) => r.key === key)!;
  // [key, bare mean, with-server mean, delta, one-sided p] over the 2 parity pairs (t1, t3). Two equal
  // negative differences: exact p = (1/2)^2 = 0.25 (two-sided for `neither` rows: 0.5); all-zero differences: p = 1.
  const expected: [string, number, number, number, number][] = [
    ['agent.cost_usd', 0.0117, 0.0102, -0.0015, 0.25],
    ['agent.turns', 4, 3, -1, 0.25],
    ['agent.tool_calls', 3, 2, -1, 0.25],
    ['agent.files_read', 1, 1, 0, 1],
    ['agent.cache_read_tokens', 6000, 3000, -3000, 0.5],
    ['agent.cache_creation_tokens', 2000, 2000, 0, 1],
    ['tool_calls_total', 3, 2, -1, 0.25],
    // prompt = input + cache created + cache read per message: bare 2100 + 1100 + 2100 + 3100 = 8400; with-server 2100 + 1100 + 2100 = 5300
    ['usage.prompt', 8400, 5300, -3100, 0.25],
    // bare: Grep and Read only return paths the Glob returned (2 of 3 resurfacing; the fixture's Read
    // prints no numbered lines, so it delivered no range); with-server: read_file names the searched
    // path and the numbered range it printed (`path:1-N`), new content, so 0 of 2
    ['needless_call_rate', 2 / 3, 0, -2 / 3, 0.25],
  ];
  for (const [key, bare, server, delta, p] of expected) {
    const r = row(key);
    expect([key, r.pairs]).toEqual([key, 2]);
    expect(r.baseline.mean).toBeCloseTo(bare, 9);
    expect(r.candidate.mean).toBeCloseTo(server, 9);
    expect(r.delta).toBeCloseTo(delta, 9);
    expect(r.pvalue).toBeCloseTo(p, 12);
  }
  expect(row('agent.wall_ms').pairs).toBe(2);
  expect(track.report.verdict.line).toContain('at parity on 2 of 3 judged task(s)');
  // 3 judged pairs cannot reach 0.05 one-sided (1/2^3): the rule calls it inconclusive, and says so.
  expect(track.report.verdict.outcome).toBe('inconclusive');
  const md = readFileSync(join(out, 'report.md'), 'utf8');
  expect(md).toContain(
    'Decision rule: with the server succeeds when the blind judge scores it significantly higher',
  );
  expect(md).toContain('**Quality parity (scores within 1): 2 of 3 judged task(s).**');
  expect(md).toContain('| t2 | paired | 5 | 10 | no | bare | $0.0117 |');
  expect(md).toContain('the **offline policy**');
  expect(md).toContain('| metric | | bare | with-server | Δ with-server − bare | pairs | p |');
  // The with-server arm really went through the MCP config we wrote (the server's tools, prefixed).
  const server = readFileSync(join(out, 'transcripts/with-server/t1.1.jsonl'), 'utf8');
  expect(server).toContain('"name":"mcp__reference-code-search__search_codebase"');
  expect(readFileSync(join(out, 'transcripts/bare/t1.1.jsonl'), 'utf8')).not.toContain('mcp__');

  // A re-run skips every completed pair: no new ledger line, the same report.
  const before = openTrackLedger(join(out, 'ledger.jsonl')).lines().length;
  expect(before).toBe(9);
  const lines: string[] = [];
  const again = await runTrack({
    agent: claudeCodeAgent(join(BIN, 'fake-claude.mjs')),
    split: 'track/all',
    tasks: await trackTasks(),
    out,
    cacheDir: join(dir.path, 'cache'),
    confirmSpend: true,
    onLine: (l) => lines.push(l),
  });
  expect(openTrackLedger(join(out, 'ledger.jsonl')).lines()).toHaveLength(before);
  expect(lines.filter((l) => l.includes('skipped: pair complete'))).toHaveLength(3);
  expect(again.report?.parity).toEqual({ tasks: 2, judged: 3 });
}, 120_000);

test('--repeats 2: each task is two judged pairs; the paired unit stays the task (means of its repeats)', async () => {
  using dir = tempDir();
  const out = join(dir.path, 'track');
  const result = await runTrack({
    agent: claudeCodeAgent(join(BIN, 'fake-claude.mjs')),
    split: 'fixture/all',
    tasks: await trackTasks(),
    out,
    cacheDir: join(dir.path, 'cache'),
    confirmSpend: true,
    repeats: 2,
    timeoutMs: 60_000,
  });
  expect(result.plan).toMatchObject({ repeats: 2, rollouts: 12 });
  const track = result.report!;
  // One row per judged pair (t1, t1~2, ...); the fake agent is deterministic, so each repeat scores
  // as its first: the task-level means are the one-repeat figures (parity on t1 and t3).
  expect(track.tasks.map((t) => [t.task_id, t.scores.bare, t.scores['with-server']])).toEqual([
    ['t1', 10, 10],
    ['t1~2', 10, 10],
    ['t2', 5, 10],
    ['t2~2', 5, 10],
    ['t3', 10, 10],
    ['t3~2', 10, 10],
  ]);
  expect(track.parity).toEqual({ tasks: 2, judged: 3 });
  expectTrackMetrics(out);
  expect(track.quality).toMatchObject({ pairs: 3, delta: 5 / 3 });
  const cost = track.report.rows.find((r) => r.key === 'agent.cost_usd')!;
  // bare 0.0117, with-server 0.0102 on each parity task (see the top of this file).
  expect(cost.pairs).toBe(2);
  expect(cost.delta).toBeCloseTo(0.0102 - 0.0117, 10);
  expect(track.report.repeats?.k).toBe(2);
}, 120_000);
