import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { loadLlmBlock } from '../../../src/agent/llm/load-block.js';
import { buildPlan, writePlan } from '../../../src/optimize/before-after/plan.js';
import { writeBeforeAfterReport } from '../../../src/optimize/before-after/write-report.js';
import { campaignPaths } from '../../../src/optimize/campaign/campaign-dir.js';
import { BlobStore, Recorder } from '../../../src/trajectory/index.js';

const scratch = mkdtempSync(join(tmpdir(), 'agent-track-report-only-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Step = { tool?: string; ids?: string[]; rows?: boolean; answer?: string };

/** A scripted rollout: one model message per step (100 prompt / 10 completion tokens each). */
function script(
  dir: string,
  blobs: BlobStore,
  taskId: string,
  steps: Step[],
  outcome: 'answered' | 'unanswered_empty',
) {
  const rec = Recorder.create(dir, { taskId, blobs });
  steps.forEach((step, i) => {
    const id = `${taskId}-m${i + 1}`;
    const usage = { prompt: 100, completion: 10 };
    if (step.tool === undefined) {
      rec.recordMessage({ id, turn: i + 1, content: step.answer ?? '', finish_reason: 'stop', usage });
      return;
    }
    rec.recordMessage({
      id,
      turn: i + 1,
      finish_reason: 'tool_calls',
      tool_calls: [{ id: `c${i}`, name: step.tool }],
      usage,
    });
    const ids = step.ids ?? [];
    rec.recordToolCall({
      tool: step.tool,
      args: step.tool === 'search_codebase' ? { query: 'where is a' } : { path: 'a.py' },
      message_id: id,
      result: ids.join('\n') || 'No results',
      ok: true,
      identifiers: ids,
      ...(step.rows ? { rows: ids.map((path) => ({ path })) } : {}),
    });
  });
  rec.finish({
    answer: outcome === 'answered' ? 'a.py' : null,
    outcome,
    turn_budget: 12,
    turns: steps.length,
    timed_out: false,
    started_at: null,
    duration_ms: null,
  });
}

test('the report of a scripted run, re-derived from its files, matches the hand-computed rows', async () => {
  const dir = join(scratch, 'run');
  const paths = campaignPaths(dir);
  mkdirSync(paths.inputs, { recursive: true });
  for (const id of ['t1', 't2']) {
    writeFileSync(
      paths.taskInput(id),
      `${JSON.stringify({ id, question: 'where is a?', gold: { files: ['a.py'] } })}\n`,
    );
  }
  const blockFile = join(scratch, 'block.json');
  writeFileSync(blockFile, JSON.stringify({ provider: 'openai', base_url: 'http://127.0.0.1:9/v1' }));
  writePlan(
    dir,
    buildPlan({
      campaign: 'scripted',
      tasks: { count: 2, split: 'scripted/all' },
      arms: [
        {
          arm: 'baseline',
          commit: { rev: 'HEAD~1', sha: 'a'.repeat(40), subject: 'before' },
          descriptionTokens: 500,
        },
        {
          arm: 'candidate',
          commit: { rev: 'HEAD', sha: 'b'.repeat(40), subject: 'after' },
          descriptionTokens: 400,
        },
      ],
      model: 'scripted-model',
      llmBlock: loadLlmBlock(blockFile),
      prices: { inputPer1m: 2, outputPer1m: 8 },
      margins: { turns: 2 },
    }),
  );
  const blobs = new BlobStore(paths.blobs);
  const arm = (name: string, task: string) => join(paths.arm(name), 'tasks', task);
  // baseline t1: search finds a.py, then a read of a.py returns nothing new (resurfacing): needless 1/2
  script(
    arm('baseline', 't1'),
    blobs,
    't1',
    [
      { tool: 'search_codebase', ids: ['a.py'], rows: true },
      { tool: 'read_file', ids: ['a.py'] },
      { answer: 'a.py' },
    ],
    'answered',
  );
  // baseline t2: one empty search (zero yield): needless 1/1; then nothing
  script(
    arm('baseline', 't2'),
    blobs,
    't2',
    [{ tool: 'search_codebase', ids: [], rows: true }],
    'unanswered_empty',
  );
  // candidate: one search that finds a.py, then the answer, on both tasks: needless 0
  for (const task of ['t1', 't2']) {
    script(
      arm('candidate', task),
      blobs,
      task,
      [{ tool: 'search_codebase', ids: ['a.py'], rows: true }, { answer: 'a.py' }],
      'answered',
    );
  }

  const { report, files } = await writeBeforeAfterReport(dir);
  const row = (key: string) => report.rows.find((r) => r.key === key)!;
  // needless: baseline (0.5 + 1) / 2 = 0.75, candidate 0; differences -0.5, -1 -> ranks 1, 2, T+ = 0:
  // P(T+ <= 0) = 1/4
  expect(row('needless_call_rate')).toMatchObject({
    baseline: { mean: 0.75 },
    candidate: { mean: 0 },
    delta: -0.75,
    pairs: 2,
    pvalue: 0.25,
  });
  // answered: baseline 1, 0; candidate 1, 1 -> c = 1, b = 0: P(X >= 1 | n = 1) = 1/2; delta 0.5
  expect(row('answered')).toMatchObject({ delta: 0.5, pvalue: 0.5, test: 'mcnemar' });
  // gold reached at the first call in t1 by both arms; baseline t2 never reached it -> 1 pair
  expect(row('tool_calls_to_first_gold')).toMatchObject({
    pairs: 1,
    delta: 0,
    baseline: { mean: 1, n: 1 },
    candidate: { mean: 1, n: 2 },
  });
  // prompt tokens: baseline 300 and 100, candidate 200 and 200 -> both means 200, delta 0
  expect(row('usage.prompt')).toMatchObject({ baseline: { mean: 200 }, candidate: { mean: 200 }, delta: 0 });
  // turns: totals 3 + 1 and 2 + 2
  expect(row('turns').totals).toEqual({ baseline: 4, candidate: 4 });
  // The plan's margin on turns (not a guard): TOST within ±2 on differences -1, +1 (mean 0, se 1,
  // df 1): both one-sided p = P(T_1 >= 2) = 0.14758 (scipy), not shown within.
  expect(report.margins).toHaveLength(1);
  expect(report.margins![0]).toMatchObject({ key: 'turns', test: 'equivalence', passed: false, pairs: 2 });
  expect(report.margins![0]!.pvalue).toBeCloseTo(0.14758361765043326, 10);
  expect(report.margins![0]!.line).toContain('not shown within ±2 of the baseline on turns (p = 0.1476');
  // dollars at $2 / $8 per 1M: baseline (300*2 + 30*8 + 100*2 + 10*8) / 1e6 = 0.00112; candidate 2 * (200*2 + 20*8) / 1e6
  expect(report.cost.estimated_usd.baseline).toBeCloseTo(0.00112, 12);
  expect(report.cost.estimated_usd.candidate).toBeCloseTo(0.00112, 12);
  expect(report.offline).toBe(false);
  expect(report.verdict.success).toBe(false); // p = 0.25 is not below 0.05
  expect(report.arms.map((a) => a.outcomes)).toEqual([{ answered: 1, unanswered_empty: 1 }, { answered: 2 }]);
  for (const file of files.filter((f) => !f.endsWith('.png'))) expect(existsSync(file)).toBe(true);
  expect(files.some((f) => f.endsWith('report.html'))).toBe(true);
  // metrics.json: the report as flat keys, for `dvc metrics diff` and other run diffs.
  const flat = JSON.parse(readFileSync(join(dir, 'metrics.json'), 'utf8'));
  expect(flat).toMatchObject({
    'verdict.success': 0,
    'needless_call_rate.baseline': 0.75,
    'needless_call_rate.candidate': 0,
    'needless_call_rate.delta': -0.75,
    'needless_call_rate.p': 0.25,
    'needless_call_rate.pairs': 2,
    'answered.p': 0.5,
    'margin.turns.passed': 0,
  });
  expect(flat['margin.turns.p']).toBeCloseTo(0.14758361765043326, 10);
  expect(Object.values(flat).every((v) => v === null || typeof v === 'number')).toBe(true);
});
