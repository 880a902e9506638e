import { describe, expect, test } from 'vitest';
import type { ScoredTask } from '../../../src/retrieval/index.js';
import { type GoldReach, goldReach } from '../../../src/trajectory/metrics/gold-reach.js';
import { buildTrajectory, type TrajectorySpec } from '../build-trajectory.js';

const fileTask: ScoredTask = { id: 'task-1', gold: { files: ['src/a.py'] } };
const bodyTask: ScoredTask = {
  id: 'task-1',
  gold: { body: 'def f(x):\n    return x + 1\n', files: ['m.py'] },
};
const NULLS: GoldReach = {
  tool_calls_to_first_gold: null,
  needle_reached: null,
  turns_after_needle: null,
  calls_after_first_gold: null,
  calls_after_first_gold_read: null,
};
const search = (paths: string[], turn: number) => ({
  tool: 'search_codebase',
  turn,
  args: { query: 'q' },
  ids: paths,
  rows: paths.map((path) => ({ path })),
});

describe('goldReach', () => {
  test.each<{ name: string; spec: TrajectorySpec; task: ScoredTask | null; expected: GoldReach }>([
    { name: 'no task', spec: { calls: [search(['src/a.py'], 1)] }, task: null, expected: NULLS },
    {
      name: 'task with no gold',
      spec: { calls: [search(['src/a.py'], 1)] },
      task: { id: 'task-1', gold: { answer: '42' } },
      expected: NULLS,
    },
    // gold exists but no call surfaced it: reached is a measured false, the counts undefined
    {
      name: 'never reached',
      spec: { calls: [search(['x.py'], 1)] },
      task: fileTask,
      expected: { ...NULLS, needle_reached: false },
    },
    { name: 'no calls', spec: {}, task: fileTask, expected: { ...NULLS, needle_reached: false } },
    // seq0 misses; seq1 (turn 2) ranks the gold: first gold = call 2 of 4; 4 turns - 2 = 2 turns after;
    // 4 - 2 = 2 calls after; first gold read = seq2 (call 3) -> 4 - 3 = 1 call after
    {
      name: 'search first, then a read',
      spec: {
        calls: [
          search(['x.py'], 1),
          search(['x.py', 'src/a.py'], 2),
          { tool: 'read_file', turn: 3, args: { path: 'src/a.py' }, ids: ['src/a.py'] },
          { tool: 'get_symbol', turn: 3, args: { target: 'o' }, ids: ['o.py'] },
        ],
        result: { turns: 4 },
      },
      task: fileTask,
      expected: {
        tool_calls_to_first_gold: 2,
        needle_reached: true,
        turns_after_needle: 2,
        calls_after_first_gold: 2,
        calls_after_first_gold_read: 1,
      },
    },
    // the first gold call is itself a read (path spelled ./src/a.py): call 1 of 2, turn 1 of 3
    {
      name: 'a read of the gold file first',
      spec: {
        calls: [
          { tool: 'read_file', turn: 1, ids: ['./src/a.py'] },
          { tool: 'search_codebase', turn: 2, args: { query: 'q' }, ids: [] },
        ],
        result: { turns: 3 },
      },
      task: fileTask,
      expected: {
        tool_calls_to_first_gold: 1,
        needle_reached: true,
        turns_after_needle: 2,
        calls_after_first_gold: 1,
        calls_after_first_gold_read: 1,
      },
    },
    // a grep hit: rows miss but an identifier names the gold file -> call 1; no read ever returned gold
    {
      name: 'an identifier beside the rows (grep hit, reference edge)',
      spec: {
        calls: [{ ...search(['x.py'], 1), ids: ['x.py', 'src/a.py'] }, search(['y.py'], 2)],
        result: { turns: 2 },
      },
      task: fileTask,
      expected: {
        tool_calls_to_first_gold: 1,
        needle_reached: true,
        turns_after_needle: 1,
        calls_after_first_gold: 1,
        calls_after_first_gold_read: null,
      },
    },
    // body gold, found by a symbol lookup whose body sits past the 32-byte preview, only in the blob:
    // call 2 of 2, turn 2 of 2 -> 0 turns after, 0 calls after, and it is the gold read too
    {
      name: 'body gold inside a symbol lookup, beyond the preview',
      spec: {
        previewBytes: 32,
        calls: [
          search(['z.py'], 1),
          {
            tool: 'get_symbol',
            turn: 2,
            args: { target: 'm.f' },
            ids: ['m.f'],
            text: `${'# header line\n'.repeat(5)}def f(x):\n    # add one\n    return x + 1\n`,
          },
        ],
        result: { turns: 2 },
      },
      task: bodyTask,
      expected: {
        tool_calls_to_first_gold: 2,
        needle_reached: true,
        turns_after_needle: 0,
        calls_after_first_gold: 0,
        calls_after_first_gold_read: 0,
      },
    },
    // body gold: reading m.py by name does not reach a body that is not in the text
    {
      name: 'body gold is judged by body, not by the file name',
      spec: { calls: [{ tool: 'read_file', turn: 1, ids: ['m.py'], text: 'def g():\n    pass\n' }] },
      task: bodyTask,
      expected: { ...NULLS, needle_reached: false },
    },
  ])('$name', ({ spec, task, expected }) => {
    expect(goldReach(buildTrajectory(spec), task)).toEqual(expected);
  });
});
