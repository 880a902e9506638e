import { describe, expect, test } from 'vitest';
import { needlessCalls } from '../../../src/trajectory/metrics/needless.js';
import { buildTrajectory } from '../build-trajectory.js';

describe('needlessCalls', () => {
  test('no calls: needless_call_rate is null (no call to waste), every component 0 of 0', () => {
    const result = needlessCalls(buildTrajectory());
    const empty = { count: 0, rate: null, charged: [] };
    expect(result).toEqual({
      ...empty,
      resurfacing: empty,
      zero_yield: empty,
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
});
