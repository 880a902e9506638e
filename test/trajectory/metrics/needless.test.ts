import { describe, expect, test } from 'vitest';
import { needlessCalls } from '../../../src/trajectory/metrics/needless.js';
import { GENERIC_TOOL_ROLES } from '../../../src/trajectory/tools/tool-roles.js';
import { buildTrajectory } from '../build-trajectory.js';

describe('needlessCalls', () => {
  test('no calls: needless_call_rate is null (no call to waste), every component 0 of 0', () => {
    const result = needlessCalls(buildTrajectory());
    const empty = { count: 0, rate: null, charged: [] };
    expect(result).toEqual({
      ...empty,
      resurfacing: empty,
      zero_yield: empty,
      failed: empty,
      repeated: empty,
      fan_out_where_batch: empty,
      tool_mismatch: empty,
    });
  });

  test('a call charged by two components counts once', () => {
    const trajectory = buildTrajectory({
      calls: [
        // seq0: search with a dotted query that returned `a`: tool_mismatch
        { tool: 'search_codebase', turn: 1, args: { query: 'pkg.mod' }, ids: ['a'] },
        // seq1..3: three get_symbol in turn 2: fan_out_where_batch (all three);
        // seq1 also returns only `a` again: resurfacing -> charged twice
        { tool: 'get_symbol', turn: 2, args: { target: 'a' }, ids: ['a'] },
        { tool: 'get_symbol', turn: 2, args: { target: 'b' }, ids: ['b'] },
        // seq3 returned nothing and did not fail: zero_yield too
        { tool: 'get_symbol', turn: 2, args: { target: 'c' }, ids: [] },
        // seq4: a useful read
        { tool: 'read_file', turn: 3, args: { path: 'c.py' }, ids: ['c.py'] },
      ],
    });
    const result = needlessCalls(trajectory);
    // components: mismatch {0}, fan-out {1,2,3}, resurfacing {1}, zero-yield {3}
    expect(result.tool_mismatch).toEqual({ count: 1, rate: 1 / 5, charged: [0] });
    expect(result.fan_out_where_batch).toEqual({ count: 3, rate: 3 / 5, charged: [1, 2, 3] });
    expect(result.resurfacing).toEqual({ count: 1, rate: 1 / 5, charged: [1] });
    expect(result.zero_yield).toEqual({ count: 1, rate: 1 / 5, charged: [3] });
    // union {0,1,2,3}: 4 of 5, although the components sum to 6
    expect(result.count).toBe(4);
    expect(result.rate).toBe(4 / 5);
    expect(result.charged).toEqual([0, 1, 2, 3]);
  });

  test('failed and repeated calls are needless under generic roles, where nothing else is charged', () => {
    const trajectory = buildTrajectory({
      calls: [
        { tool: 'get_order', turn: 1, args: { id: 1 }, text: '{"id": 1}' },
        // seq1: failed
        { tool: 'update', turn: 2, args: { id: 1, to: 'x' }, text: 'Error: not allowed', ok: false },
        // seq2: the same failed call again, arguments in another order: failed and repeated
        { tool: 'update', turn: 3, args: { to: 'x', id: 1 }, text: 'Error: not allowed', ok: false },
        // seq3: the first call again with the same result: repeated
        { tool: 'get_order', turn: 4, args: { id: 1 }, text: '{"id": 1}' },
      ],
    });
    const result = needlessCalls(trajectory, GENERIC_TOOL_ROLES);
    expect(result.failed).toEqual({ count: 2, rate: 2 / 4, charged: [1, 2] });
    expect(result.repeated).toEqual({ count: 2, rate: 2 / 4, charged: [2, 3] });
    expect(result.zero_yield.count + result.resurfacing.count).toBe(0);
    // union {1,2,3}
    expect(result.charged).toEqual([1, 2, 3]);
    expect(result.rate).toBe(3 / 4);
  });
});
