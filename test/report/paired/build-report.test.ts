import { describe, expect, test } from 'vitest';
import { type ArmResults, buildReport } from '../../../src/report/paired/build-report.js';
import { renderReportMarkdown } from '../../../src/report/paired/render-markdown.js';
import { reportSchema } from '../../../src/report/paired/report-schema.js';
import { computeMetrics, type TrajectoryMetrics } from '../../../src/trajectory/index.js';
import { buildTrajectory } from '../../trajectory/build-trajectory.js';

// Per-task metrics are data: start from a real bundle and set the fields the report reads.
const blank = computeMetrics(buildTrajectory({}), null);
const m = (fields: Partial<Record<keyof TrajectoryMetrics, unknown>>): TrajectoryMetrics =>
  ({ ...blank, ...fields }) as TrajectoryMetrics;

const baseline: ArmResults = {
  commit: 'a'.repeat(40),
  subject: 'tool docs v1',
  failed: 0,
  metrics: new Map([
    [
      't1',
      m({
        needless_call_rate: 0.5,
        tool_calls_to_first_gold: 2,
        outcome: 'answered',
        turns: 3,
        usage: { prompt: 1000, completion: 100, reasoning: null, cached: null, messages: 1, cost_usd: null },
      }),
    ],
    ['t2', m({ needless_call_rate: 1, tool_calls_to_first_gold: 3, outcome: 'answered', turns: 4 })],
    [
      't3',
      m({ needless_call_rate: 0.5, tool_calls_to_first_gold: null, outcome: 'budget_exhausted', turns: 12 }),
    ],
    ['t4', m({ needless_call_rate: 0.25, tool_calls_to_first_gold: 1, outcome: 'answered', turns: 2 })],
  ]),
};
const candidate: ArmResults = {
  commit: 'b'.repeat(40),
  subject: 'tool docs v2',
  failed: 1,
  metrics: new Map([
    ['t1', m({ needless_call_rate: 0, tool_calls_to_first_gold: 2, outcome: 'answered', turns: 3 })],
    ['t2', m({ needless_call_rate: 0.5, tool_calls_to_first_gold: 2, outcome: 'answered', turns: 3 })],
    ['t3', m({ needless_call_rate: 0, tool_calls_to_first_gold: 4, outcome: 'answered', turns: 5 })],
    ['t4', m({ needless_call_rate: 0.25, tool_calls_to_first_gold: null, outcome: 'timeout', turns: 6 })],
  ]),
};
const options = {
  title: 'tool docs v1 -> v2',
  model: 'offline',
  offline: true,
  prices: { input_per_1m: 1, output_per_1m: 2 },
  taskIds: ['t1', 't2', 't3', 't4', 't5'],
};

describe('buildReport', () => {
  const report = buildReport(baseline, candidate, options);
  const row = (key: string) => report.rows.find((r) => r.key === key)!;

  test('needless-call rate: means, paired delta and the exact one-sided p', () => {
    // baseline (0.5 + 1 + 0.5 + 0.25) / 4 = 0.5625; candidate (0 + 0.5 + 0 + 0.25) / 4 = 0.1875
    // differences -0.5, -0.5, -0.5, 0 -> delta -0.375; Wilcoxon 'less' drops the zero, three tied
    // ranks, T+ = 0: P(T+ <= 0) = 1/8
    expect(row('needless_call_rate')).toMatchObject({
      baseline: { mean: 0.5625, n: 4 },
      candidate: { mean: 0.1875, n: 4 },
      pairs: 4,
      delta: -0.375,
      pvalue: 0.125,
      test: 'wilcoxon',
      direction: 'lower',
    });
  });

  test("each arm's per-task values are saved for pairing with a later run", () => {
    expect(report.per_task?.baseline.t2).toMatchObject({ needless_call_rate: 1, turns: 4 });
    expect(report.per_task?.candidate.t3).toMatchObject({
      needless_call_rate: 0,
      tool_calls_to_first_gold: 4,
    });
    // Undefined stays null; a task no arm ran (t5) has no entry.
    expect(report.per_task?.candidate.t4?.tool_calls_to_first_gold).toBeNull();
    expect(Object.keys(report.per_task!.baseline).sort()).toEqual(['t1', 't2', 't3', 't4']);
    expect(report.per_task?.baseline.t1?.estimated_usd).toBeCloseTo((1000 * 1 + 100 * 2) / 1e6, 12);
  });

  test('calls to first gold pairs only the tasks both arms defined', () => {
    // pairs t1 (2 -> 2) and t2 (3 -> 2): delta (0 - 1) / 2
    expect(row('tool_calls_to_first_gold')).toMatchObject({
      pairs: 2,
      delta: -0.5,
      baseline: { n: 3 },
      candidate: { n: 3 },
    });
  });

  test('answered is a 0/1 row tested with McNemar', () => {
    // b (1 -> 0) = t4, c (0 -> 1) = t3: P(X >= 1 | n = 2) = 3/4; delta 0
    expect(row('answered')).toMatchObject({
      test: 'mcnemar',
      pairs: 4,
      delta: 0,
      pvalue: 0.75,
      kind: 'binary',
    });
  });

  test('turn rows carry totals and p90s', () => {
    // totals 3 + 4 + 12 + 2 = 21 and 3 + 3 + 5 + 6 = 17; p90 of [2, 3, 4, 12] = 4 + 0.7 * 8 = 9.6,
    // of [3, 3, 5, 6] = 5 + 0.7 * 1 = 5.7
    const turns = row('turns');
    expect(turns.totals).toEqual({ baseline: 21, candidate: 17 });
    expect(turns.p90!.baseline).toBeCloseTo(9.6, 12);
    expect(turns.p90!.candidate).toBeCloseTo(5.7, 12);
  });

  test('dollars: estimated on measured tokens, n/a where nothing measured; quoted n/a when none quoted', () => {
    // (1000 * $1 + 100 * $2) / 1e6
    expect(report.cost.estimated_usd).toEqual({ baseline: 0.0012, candidate: null });
    expect(report.cost.quoted_usd).toEqual({ baseline: null, candidate: null });
    expect(row('estimated_usd')).toMatchObject({ pairs: 0, delta: null, pvalue: null });
  });

  test('arm tallies and one outcome per task, a task no arm finished included', () => {
    expect(report.arms[0]).toMatchObject({
      outcomes: { answered: 3, budget_exhausted: 1 },
      failed: 0,
      tasks: 4,
    });
    expect(report.arms[1]).toMatchObject({ outcomes: { answered: 3, timeout: 1 }, failed: 1 });
    expect(report.outcomes_by_task.at(-1)).toEqual({ task_id: 't5', baseline: null, candidate: null });
  });

  test('the verdict follows the stated rule: too few pairs is inconclusive; at a lenient α it succeeds', () => {
    // 4 pairs: the signed-rank test's smallest one-sided p is 1/2^4 = 0.0625, never below 0.05.
    expect(report.verdict).toMatchObject({ success: false, outcome: 'inconclusive', against: [] });
    expect(report.verdict.line).toBe(
      'Inconclusive: 4 pair(s) on needless_call_rate, fewer than the 5 a one-sided test at α = 0.05 needs.',
    );
    expect(report.verdict.rule).toContain('Decision rule: succeeds when needless_call_rate ↓');
    const lenient = buildReport(baseline, candidate, { ...options, alpha: 0.2 });
    // α = 0.2 needs floor(log2 5) + 1 = 3 pairs; needless p = 0.1250 < 0.2, and gold (differences
    // 0, -1: one-sided 'more calls' p = 1) and every watched row hold.
    expect(lenient.verdict).toMatchObject({ success: true, outcome: 'succeeds', against: [] });
    expect(lenient.verdict.line).toContain('The change succeeds: needless_call_rate 0.563 → ');
    expect(lenient.verdict.line).toContain('p = 0.1250, 4 pairs');
    expect(() => reportSchema.parse(report)).not.toThrow();
  });

  test('the markdown labels the offline policy, prints n/a and the arrows', () => {
    const md = renderReportMarkdown(report);
    expect(md).toContain('the **offline policy**, a deterministic stand-in for a model');
    expect(md).toMatch(/\| needless_call_rate \| ↓ \| 0\.563 \[/);
    expect(md).toContain('| t5 | n/a | n/a |');
    expect(md).toContain('| t3 ◆ | budget_exhausted | answered |');
    expect(md).toMatch(/\| pointer_followed_rate \| ↑ \| n\/a \| n\/a \| n\/a \| 0 \|/);
    expect(md).toContain('| turns: total | | 21 | 17 |');
    // Unpriced, the dollars say which price is missing, never `$n/a/1M input`.
    if (report.cost.prices.input_per_1m === null) {
      expect(md).toContain(
        'Estimated on measured tokens: no price given (--usd-per-1m-input, --usd-per-1m-output)',
      );
      expect(md).not.toContain('$n/a');
    }
  });
});

describe('a run that made no tool call', () => {
  test('has no rate over calls: left out of those rows, and the table says how many', () => {
    // The candidate's t4 made no call: its rates are null, so 3 of its 4 runs define the rows.
    const noCall = computeMetrics(
      buildTrajectory({ result: { outcome: 'answered', answer: 'a', turns: 1 } }),
      null,
    );
    const withEmpty: ArmResults = {
      ...candidate,
      metrics: new Map(
        [...candidate.metrics].map(([id, value]) => [id, id === 't4' ? { ...noCall, task_id: 't4' } : value]),
      ),
    };
    const report = buildReport(baseline, withEmpty, options);
    const needless = report.rows.find((r) => r.key === 'needless_call_rate')!;
    expect(noCall.needless_call_rate).toBeNull();
    expect(noCall.parallel_calls_per_turn).toBeNull();
    expect([needless.baseline.n, needless.candidate.n, needless.pairs]).toEqual([4, 3, 3]);
    // candidate (0 + 0.5 + 0) / 3 = 0.1667, not (0 + 0.5 + 0 + 0) / 4
    expect(needless.candidate.mean).toBeCloseTo(0.5 / 3, 12);
    expect(renderReportMarkdown(report)).toContain(
      'Runs that made no tool call have no rate over calls (n/a, never 0) and are left out of these rows: baseline 0, candidate 1.',
    );
    expect(renderReportMarkdown(buildReport(baseline, candidate, options))).not.toContain(
      'made no tool call',
    );
  });
});
