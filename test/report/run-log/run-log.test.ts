import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Report } from '../../../src/report/index.js';
import {
  appendRunRecord,
  compareRunRecords,
  findRunRecord,
  pairedRecordDeltas,
  readRunLog,
  reportRunRecords,
  rungRunRecords,
} from '../../../src/report/index.js';
import type { RunRecordInput } from '../../../src/report/run-log/run-record-schema.js';
import type { RungRun } from '../../../src/retrieval/index.js';
import { runsCli } from './runs-cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-runs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const input = (fields: Partial<RunRecordInput> = {}): RunRecordInput => ({
  system: 'retrieval-rung',
  config: 'bm25',
  dataset: { name: 'fixture-code', slice: 'test', limit: null, tasks: 12 },
  params: { k: 10 },
  metrics: [
    { key: 'piece recall@10', value: 0.75, low: 0.5, high: 0.92, n: 12 },
    { key: 'piece mrr', value: 0.5, low: 0.3, high: 0.7, n: 12 },
  ],
  artifacts: { run: 'runs/retrieval/a.json' },
  created_at: '2026-01-01T00:00:00.000Z',
  git: { sha: 'c'.repeat(40), dirty: false },
  ...fields,
});

describe('the run log', () => {
  test('appends one line per record and reads it back, ids from the content', () => {
    const log = join(scratch, 'a', 'runs.jsonl');
    const a = appendRunRecord(log, input());
    const b = appendRunRecord(log, input({ config: 'hybrid' }));
    expect(a.id).toMatch(/^[0-9a-f]{12}$/);
    expect(b.id).not.toBe(a.id);
    expect(readRunLog(log)).toEqual([a, b]);
    expect(a).toMatchObject({ format: 1, system: 'retrieval-rung', git: { sha: 'c'.repeat(40) } });
  });

  test('fills created_at and the git state when absent', () => {
    const { created_at: _c, git: _g, ...rest } = input();
    const record = appendRunRecord(join(scratch, 'b.jsonl'), rest);
    expect(Date.parse(record.created_at)).not.toBeNaN();
    // the test runs inside this repository's checkout (or a CI clone): a sha, or nulls outside git
    expect(record.git.sha === null || /^[0-9a-f]{40}$/.test(record.git.sha)).toBe(true);
  });

  test.each([
    [{ ...input(), colour: 'red' } as RunRecordInput, '`colour`'],
    [input({ dataset: { name: '', slice: null, limit: null, tasks: 1 } }), '`dataset.name`'],
    [input({ metrics: [{ key: 'x', value: 1, low: null, high: null, n: -1 }] }), '`metrics.0.n`'],
  ])('refuses a bad record by its key, writing nothing (%#)', (bad, key) => {
    const log = join(scratch, 'refused.jsonl');
    expect(() => appendRunRecord(log, bad)).toThrow(key);
    expect(readRunLog(log)).toEqual([]);
  });

  test('a corrupt line is refused naming the file and line', () => {
    const log = join(scratch, 'corrupt.jsonl');
    writeFileSync(log, '{"format": 1}\n');
    expect(() => readRunLog(log)).toThrow(
      `Line 1 of the run record \`${log}\` fails the run record schema at \`id\``,
    );
  });

  test('findRunRecord: exact, prefix, unknown, ambiguous', () => {
    const records = [
      { ...appendRunRecord(join(scratch, 'f.jsonl'), input()), id: 'aaaa00000001' },
      { ...appendRunRecord(join(scratch, 'f.jsonl'), input()), id: 'aaaa00000002' },
    ];
    expect(findRunRecord(records, 'aaaa00000002', 'f').id).toBe('aaaa00000002');
    expect(findRunRecord(records, 'aaaa00000001'.slice(0, 12), 'f').id).toBe('aaaa00000001');
    expect(() => findRunRecord(records, 'aaaa', 'runs.jsonl')).toThrow(
      'Run id `aaaa` names 2 records in `runs.jsonl`',
    );
    expect(() => findRunRecord(records, 'beef', 'runs.jsonl')).toThrow('No run `beef` in `runs.jsonl`');
  });

  test('compare: side by side with b - a; different datasets refused naming the difference', () => {
    const log = join(scratch, 'c.jsonl');
    const a = appendRunRecord(log, input());
    const b = appendRunRecord(
      log,
      input({
        config: 'hybrid',
        metrics: [
          { key: 'piece mrr', value: 0.625, low: 0.4, high: 0.8, n: 12 },
          { key: 'new', value: 1, low: null, high: null, n: 1 },
        ],
      }),
    );
    // Two separate runs: unpaired, a difference of means and no paired delta.
    expect(compareRunRecords(a, b).paired).toBe(false);
    expect(compareRunRecords(a, b).rows).toEqual([
      { key: 'piece recall@10', a: a.metrics[0], b: null, delta: null, paired: null, p: null },
      { key: 'piece mrr', a: a.metrics[1], b: b.metrics[0], delta: 0.125, paired: null, p: null },
      { key: 'new', a: null, b: b.metrics[1], delta: null, paired: null, p: null },
    ]);
    const other = appendRunRecord(
      log,
      input({ dataset: { name: 'fixture-code', slice: 'dev', limit: 5, tasks: 12 } }),
    );
    expect(() => compareRunRecords(a, other)).toThrow(
      `\`dataset.slice\` is \`test\` in \`${a.id}\` and \`dev\` in \`${other.id}\`; \`dataset.limit\` is \`null\` in \`${a.id}\` and \`5\` in \`${other.id}\``,
    );
  });

  test('agent-track runs list | show | compare', async () => {
    const log = join(scratch, 'cli.jsonl');
    const a = appendRunRecord(log, input());
    const b = appendRunRecord(log, input({ config: 'hybrid' }));
    const run = (...args: string[]) => runsCli(log, ...args);
    expect(await run('list')).toMatch(new RegExp(`${a.id}.*bm25.*fixture-code/test[\\s\\S]*${b.id}.*hybrid`));
    expect(await run('show', a.id.slice(0, 6))).toContain('piece recall@10  0.750 [0.500, 0.920]');
    const compared = await run('compare', a.id, b.id);
    expect(compared).toMatch(/piece mrr\s+0\.500 \[0\.300, 0\.700\]\s+0\.500 \[0\.300, 0\.700\]\s+0/);
    // Two separate runs: the delta is said to be unpaired.
    expect(compared).toContain(
      'Unpaired: "delta (b - a)" is the difference of two means from separate runs, with no test',
    );
  });
});

/** A saved rung run on fixture-code/test at k 10 with these overlays. */
const rungRun = (overlays: RungRun['overlays']): RungRun => ({
  kind: 'retrieval-rung',
  split: 'fixture-code/test',
  dataset: 'fixture-code',
  slice: 'test',
  limit: null,
  k: 10,
  created_at: '2026-01-01T00:00:00.000Z',
  overlays,
});

describe('two separate runs that share tasks are paired from what they saved', () => {
  const task = (
    id: string,
    mrr: number,
    recall: number,
    latency: number,
  ): RungRun['overlays'][0]['tasks'][0] => ({
    task_id: id,
    corpus: 'py-shop',
    latency_ms: latency,
    rows: [],
    gold_ranks: null,
    piece: { 'recall@1': recall, 'recall@5': recall, 'recall@10': recall, mrr, 'ndcg@10': mrr },
    file: { 'recall@1': recall, 'recall@5': recall, 'recall@10': recall, mrr, 'ndcg@10': mrr },
  });
  const saved = (name: string, tasks: RungRun['overlays'][0]['tasks']): RungRun =>
    rungRun([
      {
        name,
        files: [],
        tasks,
        summary: [],
        latency_p50_ms: null,
        latency_p95_ms: null,
        search: { mode: 'lexical' as const, embedder: null, reranker: null, stand_in: false },
      },
    ]);

  test('two retrieval runs of different overlays: a paired delta per metric over the shared tasks', async () => {
    const dir = join(scratch, 'across');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    const files = [join(dir, 'bm25.json'), join(dir, 'fused.json')];
    // file mrr: bm25 1, 0.5, 0, 1 on t1..t4; fused 1, 1, 0.5 on t1..t3 and nothing for t4's twin t5.
    writeFileSync(
      files[0]!,
      JSON.stringify(
        saved('bm25', [task('t1', 1, 1, 5), task('t2', 0.5, 1, 5), task('t3', 0, 0, 5), task('t4', 1, 1, 5)]),
      ),
    );
    writeFileSync(
      files[1]!,
      JSON.stringify(
        saved('fused', [
          task('t1', 1, 1, 7),
          task('t2', 1, 1, 7),
          task('t3', 0.5, 1, 7),
          task('t5', 1, 1, 7),
        ]),
      ),
    );
    const log = join(dir, 'runs.jsonl');
    const a = appendRunRecord(log, { ...input({ config: 'bm25' }), artifacts: { run: files[0]! } });
    const b = appendRunRecord(log, { ...input({ config: 'fused' }), artifacts: { run: files[1]! } });
    const across = pairedRecordDeltas(a, b)!;
    // Over t1..t3 (the tasks both ran): (0 + 0.5 + 0.5) / 3 = 1/3; recall@10 (0 + 0 + 1) / 3; latency +2 ms.
    expect(across.get('file mrr')).toMatchObject({ value: 1 / 3, n: 3 });
    expect(across.get('piece recall@10')).toMatchObject({ value: 1 / 3, n: 3 });
    expect(across.get('latency_ms')).toMatchObject({ value: 2, n: 3 });
    const compared = compareRunRecords(a, b, across);
    expect(compared.paired).toBe(true);
    expect(compared.rows.find((row) => row.key === 'piece mrr')?.paired).toMatchObject({
      value: 1 / 3,
      n: 3,
    });
    // piece recall@10 is 0/1: over t1..t3 one task gained it, none lost it: McNemar exact, one-sided
    // p = P(X >= 1 | n = 1, 1/2) = 0.5, the p that b is better.
    expect(compared.rows.find((row) => row.key === 'piece recall@10')?.p).toEqual({
      value: 0.5,
      test: 'mcnemar',
    });
    // Records whose runs saved nothing readable stay unpaired.
    expect(pairedRecordDeltas({ ...a, artifacts: {} }, b)).toBeNull();
    // The CLI pairs them too (two rung records name no report: they are not one run's arms).
    const out = await runsCli(log, 'compare', a.id, b.id);
    expect(out).toContain('Two separate runs paired task by task from what they saved');
    expect(out).toMatch(/p \(b better\)/);
    expect(out).toMatch(/piece recall@10\s.*\(3\)\s+0\.5000 \(mcnemar\)/);
  });
});

describe('records from saved runs', () => {
  test('a rung run: one record per overlay, its summary rows and latency', () => {
    const run = rungRun([
      {
        name: 'bm25',
        files: ['configs/overlays/bm25.yaml'],
        tasks: [],
        summary: [{ metric: 'recall@10', level: 'piece', mean: 0.5, low: 0.25, high: 0.75, n: 4 }],
        latency_p50_ms: 3,
        latency_p95_ms: 9,
        search: { mode: 'lexical' as const, embedder: null, reranker: null, stand_in: false },
      },
    ]);
    const [record] = rungRunRecords(run, { run: 'x.json' });
    expect(record).toMatchObject({
      system: 'retrieval-rung',
      config: 'bm25',
      dataset: { name: 'fixture-code', slice: 'test', limit: null, tasks: 0 },
      metrics: [
        { key: 'piece recall@10', value: 0.5, low: 0.25, high: 0.75, n: 4 },
        { key: 'latency_p50_ms', value: 3 },
        { key: 'latency_p95_ms', value: 9 },
      ],
    });
    expect(appendRunRecord(join(scratch, 'rung.jsonl'), record!).params).toMatchObject({ k: 10 });
  });

  test('a before-after report: one record per arm, the candidate with the deltas', () => {
    const cell = { mean: 0.5, low: 0.4, high: 0.6, n: 3 };
    const report = {
      title: 't',
      model: 'offline',
      offline: true,
      alpha: 0.05,
      verdict: { success: true, line: 'ok' },
      arms: [
        {
          name: 'baseline',
          commit: 'a'.repeat(40),
          subject: 'v1',
          tasks: 3,
          outcomes: {},
          near_cap: 0,
          failed: 0,
          not_run: 0,
        },
        {
          name: 'candidate',
          commit: 'b'.repeat(40),
          subject: 'v2',
          tasks: 3,
          outcomes: {},
          near_cap: 0,
          failed: 0,
          not_run: 0,
        },
      ],
      outcomes_by_task: [],
      rows: [
        {
          key: 'needless_call_rate',
          group: 'efficiency',
          kind: 'continuous',
          direction: 'lower',
          baseline: cell,
          candidate: { ...cell, mean: 0.25 },
          pairs: 3,
          delta: -0.25,
          delta_low: -0.3,
          delta_high: -0.2,
          pvalue: 0.1,
          test: 'wilcoxon',
        },
      ],
      cost: {
        estimated_usd: { baseline: null, candidate: null },
        quoted_usd: { baseline: null, candidate: null },
        prices: { input_per_1m: null, output_per_1m: null },
      },
    } satisfies Report;
    const dataset = { name: 'fixture-code', slice: 'small_test', limit: null, tasks: 3 };
    const saved = join(scratch, 'report.json');
    writeFileSync(saved, JSON.stringify(report));
    const [base, cand] = reportRunRecords(report, dataset, { report: 'r.json', report_json: saved });
    expect(base).toMatchObject({
      config: `baseline@${'a'.repeat(12)}`,
      metrics: [{ key: 'needless_call_rate', value: 0.5 }],
    });
    expect(cand?.metrics).toEqual([
      { key: 'needless_call_rate', value: 0.25, low: 0.4, high: 0.6, n: 3 },
      { key: 'delta needless_call_rate', value: -0.25, low: -0.3, high: -0.2, n: 3 },
    ]);
    // Compared, the two arms of one report are paired: the candidate's paired delta is read, and
    // turned round (sign and interval) when the candidate is `a`.
    const log = join(scratch, 'paired.jsonl');
    const [rb, rc] = [appendRunRecord(log, base!), appendRunRecord(log, cand!)];
    const forward = compareRunRecords(rb, rc);
    expect(forward.paired).toBe(true);
    expect(forward.rows).toEqual([
      {
        key: 'needless_call_rate',
        a: rb.metrics[0],
        b: rc.metrics[0],
        delta: -0.25,
        paired: { key: 'delta needless_call_rate', value: -0.25, low: -0.3, high: -0.2, n: 3 },
        // The p the report printed for its row (candidate better), read from its report.json.
        p: { value: 0.1, test: 'wilcoxon' },
      },
    ]);
    // Candidate first: the report's p is not the p that b (the baseline) is better.
    expect(compareRunRecords(rc, rb).rows[0]!.p).toBeNull();
    expect(compareRunRecords(rc, rb).rows[0]!.paired).toEqual({
      key: 'delta needless_call_rate',
      value: 0.25,
      low: 0.2,
      high: 0.3,
      n: 3,
    });
  });
});
