import { describe, expect, test } from 'vitest';
import type { ScoredTask } from '../../../src/retrieval/index.js';
import { type SearchRetrieval, searchRetrieval } from '../../../src/trajectory/metrics/search-retrieval.js';
import { buildTrajectory, type CallSpec } from '../build-trajectory.js';

const task: ScoredTask = { id: 'task-1', gold: { files: ['a.py', 'b.py'] } };
const search = (query: string, paths: string[], turn = 1): CallSpec => ({
  tool: 'search_codebase',
  turn,
  args: { query },
  ids: paths,
  rows: paths.map((path) => ({ path })),
});
const scores = (seq: number, query: string | null, r1: number, r5: number, r10: number, mrr: number) => ({
  seq,
  query,
  'recall@1': r1,
  'recall@5': r5,
  'recall@10': r10,
  'hit@1': r1,
  'hit@5': r5,
  'hit@10': r10,
  mrr,
});
const NULLS: SearchRetrieval = {
  calls: [],
  first_call: null,
  best_call: null,
  'trajectory_recall@1': null,
  'trajectory_recall@5': null,
  'trajectory_recall@10': null,
  reformulations: null,
};

describe('searchRetrieval', () => {
  test.each<{ name: string; calls: CallSpec[]; task: ScoredTask | null; expected: SearchRetrieval }>([
    { name: 'no task', calls: [search('q', ['a.py'])], task: null, expected: NULLS },
    {
      name: 'task without gold to rank by',
      calls: [search('q', ['a.py'])],
      task: { id: 'task-1', gold: { answer: 'yes' } },
      expected: NULLS,
    },
    // gold but no search: nothing measured
    { name: 'never searched', calls: [{ tool: 'read_file', turn: 1, ids: ['a.py'] }], task, expected: NULLS },
    // rows [x.py, a.py]: a.py at rank 2 -> recall@1 0, @5 1, @10 1, mrr 1/2; union @1 {} = 0/2, @5 {a} = 1/2
    {
      name: 'one search',
      calls: [search('where is a', ['x.py', 'a.py'])],
      task,
      expected: {
        calls: [scores(0, 'where is a', 0, 1, 1, 0.5)],
        first_call: scores(0, 'where is a', 0, 1, 1, 0.5),
        best_call: scores(0, 'where is a', 0, 1, 1, 0.5),
        'trajectory_recall@1': 0,
        'trajectory_recall@5': 0.5,
        'trajectory_recall@10': 0.5,
        reformulations: 1,
      },
    },
    // ran and found nothing: a measured 0.0, not null
    {
      name: 'a search that found nothing',
      calls: [search('nothing', [])],
      task,
      expected: {
        calls: [scores(0, 'nothing', 0, 0, 0, 0)],
        first_call: scores(0, 'nothing', 0, 0, 0, 0),
        best_call: scores(0, 'nothing', 0, 0, 0, 0),
        'trajectory_recall@1': 0,
        'trajectory_recall@5': 0,
        'trajectory_recall@10': 0,
        reformulations: 1,
      },
    },
    // s0: a.py at rank 6 -> @1 0, @5 0, @10 1, mrr 1/6; s1 (seq 2; seq 1 is a read): b.py at rank 1 -> all 1.
    // best = s1 (rank 1 beats 6). union @1 {b} = 1/2, @5 {b} = 1/2, @10 {a, b} = 2/2. 2 distinct queries.
    {
      name: 'two searches, the later is best',
      calls: [
        search('q1', ['v.py', 'w.py', 'x.py', 'y.py', 'z.py', 'a.py']),
        { tool: 'read_file', turn: 2, ids: ['b.py'] },
        search('q2', ['b.py'], 2),
      ],
      task,
      expected: {
        calls: [scores(0, 'q1', 0, 0, 1, 1 / 6), scores(2, 'q2', 1, 1, 1, 1)],
        first_call: scores(0, 'q1', 0, 0, 1, 1 / 6),
        best_call: scores(2, 'q2', 1, 1, 1, 1),
        'trajectory_recall@1': 0.5,
        'trajectory_recall@5': 0.5,
        'trajectory_recall@10': 1,
        reformulations: 2,
      },
    },
    // both rank gold first: the tie goes to the earlier; `foo` and ` foo ` are one query -> 2 distinct
    {
      name: 'ties go to the earlier; a repeated query is not a reformulation',
      calls: [search('foo', ['a.py']), search(' foo ', ['b.py']), search('bar', ['x.py'])],
      task,
      expected: {
        calls: [scores(0, 'foo', 1, 1, 1, 1), scores(1, ' foo ', 1, 1, 1, 1), scores(2, 'bar', 0, 0, 0, 0)],
        first_call: scores(0, 'foo', 1, 1, 1, 1),
        best_call: scores(0, 'foo', 1, 1, 1, 1),
        'trajectory_recall@1': 1,
        'trajectory_recall@5': 1,
        'trajectory_recall@10': 1,
        reformulations: 2,
      },
    },
    // the same gold file twice in one list is credited once: rows [./a.py, a.py] -> union @5 = 1/2
    {
      name: 'paths normalized, a gold item credited once',
      calls: [search('q', ['./a.py', 'a.py'])],
      task,
      expected: {
        calls: [scores(0, 'q', 1, 1, 1, 1)],
        first_call: scores(0, 'q', 1, 1, 1, 1),
        best_call: scores(0, 'q', 1, 1, 1, 1),
        'trajectory_recall@1': 0.5,
        'trajectory_recall@5': 0.5,
        'trajectory_recall@10': 0.5,
        reformulations: 1,
      },
    },
    // grep-like rows, one per matched line: x.py x4, y.py, z.py, w.py, b.py. File gold ranks distinct
    // files in first-seen order (x, y, z, w, b): b.py is rank 5 (it was row 8) -> @1 0, @5 1, mrr 1/5
    {
      name: 'file gold ranks distinct files: the fifth file is rank 5, whatever its line rows',
      calls: [search('q', ['x.py', 'x.py', 'x.py', 'x.py', 'y.py', 'z.py', 'w.py', 'b.py'])],
      task,
      expected: {
        calls: [scores(0, 'q', 0, 1, 1, 1 / 5)],
        first_call: scores(0, 'q', 0, 1, 1, 1 / 5),
        best_call: scores(0, 'q', 0, 1, 1, 1 / 5),
        'trajectory_recall@1': 0,
        'trajectory_recall@5': 0.5,
        'trajectory_recall@10': 0.5,
        reformulations: 1,
      },
    },
    // no rows recorded: the identifiers are the ranked list; b.py at rank 3 -> @1 0, @5 1, mrr 1/3
    {
      name: 'identifiers stand in for missing rows',
      calls: [{ tool: 'search_codebase', turn: 1, args: { query: 'q' }, ids: ['x.py', 'y.py', 'b.py'] }],
      task,
      expected: {
        calls: [scores(0, 'q', 0, 1, 1, 1 / 3)],
        first_call: scores(0, 'q', 0, 1, 1, 1 / 3),
        best_call: scores(0, 'q', 0, 1, 1, 1 / 3),
        'trajectory_recall@1': 0,
        'trajectory_recall@5': 0.5,
        'trajectory_recall@10': 0.5,
        reformulations: 1,
      },
    },
  ])('$name', ({ calls, task, expected }) => {
    expect(searchRetrieval(buildTrajectory({ calls }), task)).toEqual(expected);
  });

  test('function-body gold: a row is relevant when its text holds the body', () => {
    const bodyTask: ScoredTask = { id: 'task-1', gold: { body: 'def f(x):\n    return x + 1\n' } };
    const trajectory = buildTrajectory({
      calls: [
        {
          tool: 'search_codebase',
          turn: 1,
          args: { query: 'increment' },
          rows: [
            { path: 'm.py', text: 'def g(x):\n    return x\n' },
            // comment and spacing differ: still the same body
            { path: 'm.py', text: 'def f( x ):  # bump\n    return x+1\n' },
          ],
        },
      ],
    });
    // gold at rank 2 of one gold item -> @1 0, @5 1, mrr 1/2, union @5 = 1/1
    const result = searchRetrieval(trajectory, bodyTask);
    expect(result.first_call).toEqual(scores(0, 'increment', 0, 1, 1, 0.5));
    expect(result['trajectory_recall@5']).toBe(1);
  });
});
