import { describe, expect, test } from 'vitest';
import type { ScoredTask } from '../../../src/retrieval/index.js';
import { computeMetrics, type TrajectoryMetrics } from '../../../src/trajectory/index.js';
import { buildTrajectory } from '../build-trajectory.js';

const task: ScoredTask = { id: 'task-1', gold: { files: ['src/a.py'] } };
const rowsOf = (...paths: string[]) => ({ ids: paths, rows: paths.map((path) => ({ path })) });

const trajectory = buildTrajectory({
  calls: [
    // seq0: dotted query (tool_mismatch); ranks the gold 2nd; offers a pointer
    {
      tool: 'search_codebase',
      turn: 1,
      args: { query: 'pkg.mod' },
      ...rowsOf('x.py', 'src/a.py'),
      text: 'x.py\nsrc/a.py\nnext: → get_symbol(target="a.f")',
    },
    // seq1..3: three get_symbol in turn 2 (fan-out); seq1 follows the pointer and only resurfaces src/a.py
    { tool: 'get_symbol', turn: 2, args: { target: 'a.f' }, ids: ['src/a.py'] },
    // seq2 returned nothing (zero_yield)
    { tool: 'get_symbol', turn: 2, args: { target: 'b' }, ids: [] },
    { tool: 'get_symbol', turn: 2, args: { target: 'c' }, ids: ['c.py'] },
    // seq4: c.py again, but src/d.py is new: not resurfacing; finds no gold
    { tool: 'search_codebase', turn: 3, args: { query: 'where is c' }, ...rowsOf('c.py', 'src/d.py') },
  ],
  messages: [
    { id: 'm1', turn: 1, usage: { prompt: 100, completion: 10 } },
    // m2 split over two lines: usage counted once
    { id: 'm2', turn: 2, usage: { prompt: 200, completion: 20, reasoning: 5 } },
    { id: 'm2', turn: 2, usage: { prompt: 200, completion: 20, reasoning: 5 } },
    { id: 'm3', turn: 3, usage: { prompt: 300, completion: 30 } },
    { id: 'm4', turn: 4 },
  ],
  result: { outcome: 'answered', turns: 4, turn_budget: 5 },
});

const seq0 = {
  seq: 0,
  query: 'pkg.mod',
  'recall@1': 0,
  'recall@5': 1,
  'recall@10': 1,
  'hit@1': 0,
  'hit@5': 1,
  'hit@10': 1,
  mrr: 0.5,
};
const seq4 = {
  seq: 4,
  query: 'where is c',
  'recall@1': 0,
  'recall@5': 0,
  'recall@10': 0,
  'hit@1': 0,
  'hit@5': 0,
  'hit@10': 0,
  mrr: 0,
};

describe('computeMetrics', () => {
  test('one bundle, every key hand-computed', () => {
    const expected: TrajectoryMetrics = {
      task_id: 'task-1',
      // union of {0} mismatch, {1} resurfacing, {2} zero-yield, {1,2,3} fan-out = {0,1,2,3}: 4 / 5
      needless_call_rate: 4 / 5,
      needless_calls: 4,
      resurfacing_count: 1,
      resurfacing_rate: 1 / 5,
      zero_yield_count: 1,
      zero_yield_rate: 1 / 5,
      fan_out_where_batch_count: 3,
      fan_out_where_batch_rate: 3 / 5,
      tool_mismatch_count: 1,
      tool_mismatch_rate: 1 / 5,
      // one pointer offered (seq0), followed by seq1 -> 1 / 1
      pointer_followed_rate: 1,
      pointers_offered: 1,
      pointers_followed: 1,
      // 5 calls over turns {1, 2, 3}
      parallel_calls_per_turn: 5 / 3,
      // 3 get_symbol, 0 get_symbols -> 0 / 3
      batch_vs_fanout_ratio: 0,
      // means over the 2 search calls: recall@5 (1 + 0) / 2, mrr (0.5 + 0) / 2
      'recall@1': 0,
      'recall@5': 0.5,
      'recall@10': 0.5,
      'hit@1': 0,
      'hit@5': 0.5,
      'hit@10': 0.5,
      mrr: 0.25,
      search_calls: [seq0, seq4],
      first_call: seq0,
      best_call: seq0,
      // the one gold file is in seq0's top 5 and 10, not its top 1
      'trajectory_recall@1': 0,
      'trajectory_recall@5': 1,
      'trajectory_recall@10': 1,
      reformulations: 2,
      // seq0 surfaced the gold: call 1; 4 turns - turn 1 = 3; 5 - 1 = 4 calls after;
      // first gold read = seq1 (get_symbol returning src/a.py) = call 2 -> 5 - 2 = 3
      tool_calls_to_first_gold: 1,
      needle_reached: true,
      turns_after_needle: 3,
      calls_after_first_gold: 4,
      calls_after_first_gold_read: 3,
      tool_calls_total: 5,
      distinct_tools_used: 2,
      calls_by_tool: { get_symbol: 3, search_codebase: 2 },
      // answering run: 5 - 4 needless = 1 used
      tool_calls_used: { count: 1, ratio: 1 / 5, definition: 'not_needless' },
      // m1 + m2 (once) + m3: prompt 100 + 200 + 300, completion 10 + 20 + 30, reasoning 5 (a slice)
      usage: {
        prompt: 600,
        completion: 60,
        reasoning: 5,
        cached: null,
        messages: 3,
        cost_usd: null,
        source: 'messages',
        by_model: null,
      },
      outcome: 'answered',
      // 4 >= 5 - 1
      near_cap: true,
      turns: 4,
      turn_budget: 5,
      turns_to_answer_penalised: 4,
    };
    expect(computeMetrics(trajectory, task)).toEqual(expected);
  });

  test('an empty run without a task: rates over calls are null like everything undefined; counts are 0', () => {
    const empty = buildTrajectory({
      result: { outcome: 'unanswered_empty', answer: null, turns: 1, turn_budget: 3 },
    });
    expect(computeMetrics(empty)).toEqual({
      task_id: 'task-1',
      needless_call_rate: null,
      needless_calls: 0,
      resurfacing_count: 0,
      resurfacing_rate: null,
      zero_yield_count: 0,
      zero_yield_rate: null,
      fan_out_where_batch_count: 0,
      fan_out_where_batch_rate: null,
      tool_mismatch_count: 0,
      tool_mismatch_rate: null,
      pointer_followed_rate: null,
      pointers_offered: 0,
      pointers_followed: 0,
      parallel_calls_per_turn: null,
      batch_vs_fanout_ratio: null,
      'recall@1': null,
      'recall@5': null,
      'recall@10': null,
      'hit@1': null,
      'hit@5': null,
      'hit@10': null,
      mrr: null,
      search_calls: [],
      first_call: null,
      best_call: null,
      'trajectory_recall@1': null,
      'trajectory_recall@5': null,
      'trajectory_recall@10': null,
      reformulations: null,
      tool_calls_to_first_gold: null,
      needle_reached: null,
      turns_after_needle: null,
      calls_after_first_gold: null,
      calls_after_first_gold_read: null,
      tool_calls_total: 0,
      distinct_tools_used: 0,
      calls_by_tool: {},
      tool_calls_used: { count: 0, ratio: null, definition: 'not_needless' },
      usage: null,
      outcome: 'unanswered_empty',
      // 1 < 3 - 1
      near_cap: false,
      turns: 1,
      turn_budget: 3,
      // not answered: 3 + 1
      turns_to_answer_penalised: 4,
    } satisfies TrajectoryMetrics);
  });

  test('custom roles reach every role-dependent metric', () => {
    const claude = buildTrajectory({
      calls: [
        { tool: 'Grep', turn: 1, args: { pattern: 'a.b' }, ...rowsOf('src/a.py') },
        { tool: 'Read', turn: 2, ids: ['src/a.py'] },
      ],
    });
    // Claude Code's profile: Grep/Glob search, Read fetches, no symbol tool, nothing batches
    const roles = {
      search: ['Grep', 'Glob'],
      symbol: null,
      read: ['Read'],
      batch: {},
      identified: ['Read', 'Grep', 'Glob'],
      handoff: [],
    };
    const metrics = computeMetrics(claude, task, { roles });
    // no symbol tool, so the dotted Grep pattern is no mismatch; Read only resurfaces src/a.py -> 1 / 2
    expect(metrics.tool_mismatch_count).toBe(0);
    expect(metrics.resurfacing_count).toBe(1);
    expect(metrics.needless_call_rate).toBe(0.5);
    expect(metrics.first_call?.['recall@1']).toBe(1);
    // no batch tools: nothing target-fetching
    expect(metrics.batch_vs_fanout_ratio).toBeNull();
    // Read is a read: the first gold read is call 2 of 2
    expect(metrics.calls_after_first_gold_read).toBe(0);
  });

  test('a task for another trajectory is refused', () => {
    expect(() => computeMetrics(trajectory, { id: 'task-9', gold: { files: ['a'] } })).toThrow(
      expect.objectContaining({
        code: 'TASK_MISMATCH',
        message: 'Expected the task of trajectory `task-1`, got task `task-9`',
      }),
    );
  });

  test('relevance options reach the predicate', () => {
    const upper = buildTrajectory({
      calls: [{ tool: 'search_codebase', turn: 1, args: { query: 'q' }, ...rowsOf('SRC/A.py') }],
    });
    expect(computeMetrics(upper, task)['recall@1']).toBe(0);
    expect(computeMetrics(upper, task, { relevance: { caseInsensitivePaths: true } })['recall@1']).toBe(1);
  });
});
