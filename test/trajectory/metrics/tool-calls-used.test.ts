import { describe, expect, test } from 'vitest';
import { type ToolCallsUsed, toolCallsUsed } from '../../../src/trajectory/metrics/tool-calls-used.js';
import { buildTrajectory, type TrajectorySpec } from '../build-trajectory.js';

const patch = '--- a/src/a.py\n+++ b/src/a.py\n@@ -10,3 +10,4 @@\n';

describe('toolCallsUsed', () => {
  test.each<{ name: string; spec: TrajectorySpec; expected: ToolCallsUsed }>([
    // no calls: 0 used, ratio undefined
    { name: 'no calls', spec: {}, expected: { count: 0, ratio: null, definition: 'not_needless' } },
    // answering run: seq1 is zero-yield, seq2 resurfaces `a` -> 4 - 2 = 2 used of 4
    {
      name: 'answering run: the calls no component charged',
      spec: {
        calls: [
          { tool: 'search_codebase', turn: 1, args: { query: 'q' }, ids: ['a'] },
          { tool: 'search_codebase', turn: 1, args: { query: 'r' }, ids: [] },
          { tool: 'read_file', turn: 2, ids: ['a'] },
          { tool: 'read_file', turn: 2, ids: ['b'] },
        ],
      },
      expected: { count: 2, ratio: 0.5, definition: 'not_needless' },
    },
    // patch run: seq0 row overlaps 10..12, seq1 another file, seq2 a row at 30 (outside) -> 1 of 3
    {
      name: 'patch run: the calls with attributed evidence',
      spec: {
        calls: [
          {
            tool: 'search_codebase',
            turn: 1,
            ids: ['src/a.py'],
            rows: [{ path: 'src/a.py', start: 11, end: 20 }],
          },
          { tool: 'read_file', turn: 2, ids: ['src/b.py'] },
          {
            tool: 'search_codebase',
            turn: 2,
            ids: ['src/a.py'],
            rows: [{ path: 'src/a.py', start: 30, end: 31 }],
          },
        ],
        result: { patch },
      },
      expected: { count: 1, ratio: 1 / 3, definition: 'attributed_evidence' },
    },
    // an empty patch is no patch: 1 call, not needless -> 1 / 1
    {
      name: 'an empty patch is an answering run',
      spec: { calls: [{ tool: 'read_file', turn: 1, ids: ['a'] }], result: { patch: '  \n' } },
      expected: { count: 1, ratio: 1, definition: 'not_needless' },
    },
    // a patch run with no calls: the definition still travels
    {
      name: 'patch run with no calls',
      spec: { result: { patch } },
      expected: { count: 0, ratio: null, definition: 'attributed_evidence' },
    },
  ])('$name', ({ spec, expected }) => {
    expect(toolCallsUsed(buildTrajectory(spec))).toEqual(expected);
  });
});
