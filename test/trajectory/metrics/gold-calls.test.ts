import { describe, expect, test } from 'vitest';
import type { ScoredTask } from '../../../src/retrieval/index.js';
import { goldCalls } from '../../../src/trajectory/metrics/gold-calls.js';
import { goldReach } from '../../../src/trajectory/metrics/gold-reach.js';
import { buildTrajectory, type TrajectorySpec } from '../build-trajectory.js';

const fileTask: ScoredTask = { id: 'task-1', gold: { files: ['src/a.py'] } };
const bodyTask: ScoredTask = {
  id: 'task-1',
  gold: { body: 'def f(x):\n    return x + 1\n', files: ['m.py'] },
};

describe('goldCalls', () => {
  test.each<{ name: string; spec: TrajectorySpec; task: ScoredTask | null; expected: number[] | null }>([
    {
      name: 'no task',
      spec: { calls: [{ tool: 'read_file', turn: 1, ids: ['src/a.py'] }] },
      task: null,
      expected: null,
    },
    {
      name: 'task without gold',
      spec: { calls: [{ tool: 'read_file', turn: 1, ids: ['src/a.py'] }] },
      task: { id: 'task-1', gold: { answer: '42' } },
      expected: null,
    },
    {
      name: 'gold never surfaced',
      spec: { calls: [{ tool: 'read_file', turn: 1, ids: ['b.py'] }] },
      task: fileTask,
      expected: [],
    },
    // a ranked row, a miss, a read of the gold file (spelled ./src/a.py): every gold call, not just the first
    {
      name: 'rows and reads',
      spec: {
        calls: [
          {
            tool: 'search_codebase',
            turn: 1,
            args: { query: 'q' },
            ids: ['src/a.py'],
            rows: [{ path: 'src/a.py' }],
          },
          { tool: 'read_file', turn: 2, ids: ['x.py'] },
          { tool: 'read_file', turn: 2, ids: ['./src/a.py'] },
        ],
      },
      task: fileTask,
      expected: [0, 2],
    },
    // function-body gold inside a result text (a failed call never counts)
    {
      name: 'body in the result text',
      spec: {
        calls: [
          { tool: 'get_symbol', turn: 1, ids: ['m.f'], text: 'def f(x):\n  return x + 1' },
          { tool: 'get_symbol', turn: 1, ids: ['m.f'], text: 'def f(x):\n  return x + 1', ok: false },
        ],
      },
      task: bodyTask,
      expected: [0],
    },
  ])('$name', ({ spec, task, expected }) => {
    expect(goldCalls(buildTrajectory(spec), task)).toEqual(expected);
  });

  test('its first call is the one tool_calls_to_first_gold counts to', () => {
    const trajectory = buildTrajectory({
      calls: [
        { tool: 'read_file', turn: 1, ids: ['b.py'] },
        { tool: 'read_file', turn: 2, ids: ['src/a.py'] },
      ],
    });
    expect(goldCalls(trajectory, fileTask)?.[0]).toBe(
      goldReach(trajectory, fileTask).tool_calls_to_first_gold! - 1,
    );
  });
});
