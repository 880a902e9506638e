import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pythonJson } from '../../../src/report/eval-logs/lm-eval-log.js';
import { compareEvalLogs, readEvalLog } from '../../../src/report/index.js';
import { cli, ROOT } from '../../cli/run-cli.js';

const INSPECT = join(ROOT, 'fixtures/realdata/eval-logs/inspect');
const EVAL = join(INSPECT, '2025-02-11T15-18-04-05-00_popularity_mj7khqpMM4GBCfVQozKgzB.eval');
const JSON_LOG = join(INSPECT, '2025-05-12T20-28-13-04-00_popularity.json');

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-eval-logs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const file = join(scratch, name);
  writeFileSync(file, text);
  return file;
};

describe('Inspect AI logs (real, from inspect_ai tests)', () => {
  it('reads a .eval archive: ten samples in id order, C/I as 1/0', async () => {
    const run = await readEvalLog(EVAL);
    expect(run).toMatchObject({ format: 'inspect', label: 'popularity · openai/gpt-4o-mini' });
    expect(run.samples.map((s) => s.id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    // Samples 3 and 7 were scored I, the rest C.
    expect(run.samples.map((s) => s.scores.match)).toEqual([1, 1, 0, 1, 1, 1, 0, 1, 1, 1]);
    expect(run.samples.every((s) => s.epoch === 1)).toBe(true);
  });

  it('reads a .json log, and pairs the two runs by sample id, naming the samples only one has', async () => {
    const run = await readEvalLog(JSON_LOG);
    expect(run.samples.map((s) => [s.id, s.scores.match])).toEqual([
      ['1', 1],
      ['2', 1],
      ['3', 0],
    ]);
    const cmp = await compareEvalLogs(EVAL, JSON_LOG);
    expect(cmp).toMatchObject({ paired: 3, onlyInA: ['4', '5', '6', '7', '8', '9', '10'], onlyInB: [] });
    // Samples 1-3 scored C, C, I in both runs: no discordant pair, McNemar p = 1.
    expect(cmp.rows).toEqual([
      expect.objectContaining({
        metric: 'match',
        kind: 'binary',
        test: 'mcnemar',
        pairs: 3,
        delta: 0,
        pvalue: 1,
        adjusted: 1,
      }),
    ]);
  });

  it('`stats compare` prints the paired report of the two real logs', async () => {
    const run = await cli('stats', 'compare', EVAL, JSON_LOG);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Only in A (not compared): 7: `4`, `5`, `6`, `7`, `8`, `9`, `10`.');
    expect(run.stdout).toMatch(
      /\| match \| 3 \| 0\.667 \| 0\.667 \| 0 \[0, 0\] \| mcnemar \| 1\.0000 \| 1\.0000 \| n\/a \|/,
    );
  });
});

describe('two real promptfoo results files of one suite (vcl-ai-model-arena: 10 tests x 6 models, a day apart)', () => {
  const DIR = join(ROOT, 'fixtures/realdata/eval-logs/promptfoo');
  const A = join(DIR, 'vcl-arena-fun-2026-07-27.json');
  const B = join(DIR, 'vcl-arena-fun-2026-07-28.json');

  it('pairs every test of every column across the files; the regraded tests flip 7 passes to failures', async () => {
    const cmp = await compareEvalLogs(A, B);
    // 10 tests x 6 provider columns in each file, the same columns: all 60 pair, none left over.
    expect(cmp).toMatchObject({ paired: 60, onlyInA: [], onlyInB: [] });
    const row = (metric: string) => cmp.rows.find((r) => r.metric === metric)!;
    // The second run replayed cached outputs with two assertions made stricter (tests 0 and 9): 60 of
    // 60 passed, then 53. Seven discordant pairs, all one way: exact McNemar p = 2 x 0.5^7 = 0.015625.
    expect(row('success')).toMatchObject({ kind: 'binary', a: 1, b: 53 / 60 });
    expect(row('success').pvalue).toBeCloseTo(0.015625, 12);
    expect(row('success').delta).toBeCloseTo(-7 / 60, 12);
    // Cached, so fast: latency sums 169731 ms and 1622 ms over the 60 results.
    expect(row('latency_ms').a).toBeCloseTo(169731 / 60, 9);
    expect(row('latency_ms').b).toBeCloseTo(1622 / 60, 9);
    // Holm over five metrics: latency's p (the smallest) x 5, then success and score 0.015625 x 4.
    expect(row('success').adjusted).toBeCloseTo(0.0625, 12);
    expect(row('score').adjusted).toBeCloseTo(0.0625, 12);
    // The same responses: the same tokens in every pair.
    expect(row('tokens')).toMatchObject({ delta: 0, pvalue: 1 });
  });
});

describe('a real promptfoo results file (nicheIQ: two prompts x two models in one file)', () => {
  const FILE = join(ROOT, 'fixtures/realdata/eval-logs/promptfoo/nicheIQ-results.json');

  it('two columns of one file are two runs: picked by name or index, paired by test', async () => {
    const cmp = await compareEvalLogs(FILE, FILE, {
      columnA: 'Pain Scorer v1 (word anchors) · gpt-4o-mini',
      columnB: '1',
    });
    expect(cmp.a.label).toBe('promptfoo · Pain Scorer v1 (word anchors) · gpt-4o-mini');
    expect(cmp.b.label).toBe('promptfoo · Pain Scorer v2 (dollar-band rubric) · gpt-4o-mini');
    expect(cmp.paired).toBe(4);
    const row = (metric: string) => cmp.rows.find((r) => r.metric === metric)!;
    // Every test failed in both: no discordant pair.
    expect(row('success')).toMatchObject({ kind: 'binary', a: 0, b: 0, delta: 0, pvalue: 1 });
    // Each column's responses came from one cached call: 1306 ms vs 1858 ms, 62 vs 77 tokens on all 4
    // tests. Four equal positive differences: exact two-sided Wilcoxon p = 2 / 2^4 = 0.125; Holm over
    // (1, 1, 0.125, 0.125, 0.125): 0.125 x 5 = 0.625.
    expect(row('latency_ms')).toMatchObject({
      kind: 'continuous',
      a: 1306,
      b: 1858,
      delta: 552,
      pvalue: 0.125,
      adjusted: 0.625,
    });
    expect(row('tokens')).toMatchObject({ a: 62, b: 77, delta: 15, pvalue: 0.125, adjusted: 0.625 });
    // Four pairs cannot reach 0.05 two-sided: nothing is detectable.
    expect(row('latency_ms').mde).toBeNull();
  });

  it('a column missing a test leaves it unpaired, named', async () => {
    const cmp = await compareEvalLogs(FILE, FILE, { columnA: '2', columnB: '3' });
    expect(cmp).toMatchObject({ paired: 3, onlyInA: [], onlyInB: ['test 7'] });
  });

  it('a column name that fits several is refused, listing the columns (exit 2 from the CLI)', async () => {
    const run = await cli('stats', 'compare', FILE, FILE, '--a-column', 'gpt-4o', '--b-column', '1');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('`gpt-4o` names 4 columns of');
    expect(run.stderr).toContain('0: Pain Scorer v1 (word anchors) · gpt-4o-mini; 1: Pain Scorer v2');
  });
});

describe('promptfoo results files', () => {
  // Two tests x one provider; test 1 fails in A and passes in B.
  const results = (success: boolean[], latency: number[]) =>
    JSON.stringify({
      evalId: 'eval-x',
      results: {
        version: 3,
        results: success.map((ok, testIdx) => ({
          testIdx,
          promptIdx: 0,
          provider: { id: 'openai:gpt-4o-mini', label: '' },
          success: ok,
          score: ok ? 1 : 0,
          latencyMs: latency[testIdx],
          cost: 0.001,
          namedScores: { polite: ok ? 1 : 0.5 },
          response: { output: 'x', tokenUsage: { total: 100 + testIdx } },
        })),
      },
    });

  it('reads success, score, latency, cost, tokens and named scores per test', async () => {
    const run = await readEvalLog(write('a.json', results([true, false], [300, 400])));
    expect(run.format).toBe('promptfoo');
    expect(run.samples[1]).toEqual({
      id: 'test 1',
      epoch: 1,
      scores: { success: 0, score: 0, latency_ms: 400, cost: 0.001, tokens: 101, 'named/polite': 0.5 },
    });
  });

  it('refuses a results entry of the wrong shape naming the file and the first wrong key', async () => {
    const bad = write(
      'bad.json',
      JSON.stringify({ results: { results: [{ testIdx: 0, promptIdx: 0, success: 'yes' }] } }),
    );
    await expect(readEvalLog(bad)).rejects.toThrow(
      `${bad} is not a promptfoo results file (\`promptfoo eval -o results.json\`): \`results.results.0.success\``,
    );
  });
});

describe('real lm-evaluation-harness samples files (from the harness repository, MIT)', () => {
  const LM = join(ROOT, 'fixtures/realdata/eval-logs/lm-eval');
  const INTENTION = ['16-04-34.219874', '18-15-33.115417'].map((at) =>
    join(LM, `samples_negotiationtom_intention_2026-07-08T${at}.jsonl`),
  );

  it('two runs of one task pair by doc_id; a corpus-level metric (a pair per doc) is n/a, never 0', async () => {
    const cmp = await compareEvalLogs(INTENTION[0]!, INTENTION[1]!);
    expect(cmp.a.label).toBe('negotiationtom_intention');
    expect(cmp).toMatchObject({ paired: 20, onlyInA: [], onlyInB: [] });
    expect(cmp.rows.map((r) => r.metric)).toEqual(['micro_f1,none', 'macro_f1,none', 'exact_match,none']);
    expect(cmp.rows[0]).toMatchObject({ pairs: 0, delta: null, pvalue: null });
    // exact_match: 4 of 20 docs in each run, the same 4 (doc 17's answer changed, not its score).
    expect(cmp.rows[2]).toMatchObject({ kind: 'binary', pairs: 20, a: 0.2, b: 0.2, delta: 0, pvalue: 1 });
  });

  it("Python's Infinity (an unparsable answer's mae) is read as undefined, not refused and not a number", async () => {
    const run = await readEvalLog(join(LM, 'samples_polymer_tg_prediction_2025-06-30T19-40-09.461247.jsonl'));
    const mae = run.samples.map((s) => s.scores['mae,none']);
    expect(mae).toHaveLength(24);
    expect(mae.filter((v) => v === null)).toHaveLength(17);
    // The 7 finite ones: 259.6069226 + 238.413054 + 140.4411622 + 175.526682925 + 144.0828985
    // + 103.42511779 + 246.8012872 = 1308.297125215.
    const finite = mae.filter((v): v is number => v !== null);
    expect(finite.reduce((a, b) => a + b, 0)).toBeCloseTo(1308.297125215, 9);
    expect(
      pythonJson('{"mae": -Infinity, "x": [NaN], "note": "Infinity and NaN stay in text \\" NaN"}'),
    ).toBe('{"mae": null, "x": [null], "note": "Infinity and NaN stay in text \\" NaN"}');
  });
});

describe('lm-evaluation-harness samples files', () => {
  const line = (doc: number, filter: string, em: number) =>
    JSON.stringify({
      doc_id: doc,
      doc: {},
      target: '1',
      filter,
      metrics: ['exact_match'],
      doc_hash: 'h',
      exact_match: em,
    });

  it('names each metric by its filter, one sample per document', async () => {
    const file = write(
      'samples_gsm8k_2024-06-01T10-00-00.000000.jsonl',
      [
        line(0, 'strict-match', 1),
        line(0, 'flexible-extract', 1),
        line(1, 'strict-match', 0),
        line(1, 'flexible-extract', 1),
      ].join('\n'),
    );
    const run = await readEvalLog(file);
    expect(run.label).toBe('gsm8k');
    expect(run.samples).toEqual([
      { id: '0', epoch: 1, scores: { 'exact_match,strict-match': 1, 'exact_match,flexible-extract': 1 } },
      { id: '1', epoch: 1, scores: { 'exact_match,strict-match': 0, 'exact_match,flexible-extract': 1 } },
    ]);
  });

  it('refuses a line without doc_id naming the file, the line and the key', async () => {
    const file = write('samples_x.jsonl', `${line(0, 'none', 1)}\n{"doc": {}}\n`);
    await expect(readEvalLog(file)).rejects.toThrow(
      `${file}:2 is not an lm-evaluation-harness samples file: \`doc_id\``,
    );
  });
});

describe('refusals', () => {
  it('a file no reader fits, a zip that is not a log, two formats: each refused by name, exit 2 from the CLI', async () => {
    const other = write('other.json', '{"hello": 1}');
    await expect(readEvalLog(other)).rejects.toThrow(`${other} is not a log agent-track reads`);
    const notZip = write('broken.eval', 'not a zip');
    await expect(readEvalLog(notZip)).rejects.toThrow(
      `${notZip} is not an Inspect AI eval log: not a zip archive`,
    );
    const lm = write('samples_t_2024-01-01T00-00-00.jsonl', '{"doc_id": 0, "acc": 1}\n');
    await expect(compareEvalLogs(EVAL, lm)).rejects.toThrow(
      /is inspect and .* is lm-eval: compare two runs of one tool/,
    );
    const run = await cli('stats', 'compare', EVAL, other);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`agent-track: ${other} is not a log agent-track reads`);
    expect((await cli('stats', 'compare', EVAL, EVAL, '--format', 'mlflow')).code).toBe(2);
  });
});
