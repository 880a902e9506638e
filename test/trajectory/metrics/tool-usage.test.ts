import { describe, expect, test } from 'vitest';
import { toolUsage } from '../../../src/trajectory/metrics/tool-usage.js';
import { buildTrajectory } from '../build-trajectory.js';

const calls = (...tools: string[]) => tools.map((tool) => ({ tool, turn: 1, ids: ['a'] }));

describe('toolUsage', () => {
  test.each<{
    name: string;
    tools: string[];
    total: number;
    distinct: number;
    byTool: Record<string, number>;
  }>([
    { name: 'no calls', tools: [], total: 0, distinct: 0, byTool: {} },
    // 2 searches + 1 get_symbol: 3 calls of 2 tools
    {
      name: 'two tools',
      tools: ['search_codebase', 'get_symbol', 'search_codebase'],
      total: 3,
      distinct: 2,
      byTool: { get_symbol: 1, search_codebase: 2 },
    },
    { name: 'one tool', tools: ['read_file'], total: 1, distinct: 1, byTool: { read_file: 1 } },
  ])('$name', ({ tools, total, distinct, byTool }) => {
    const usage = toolUsage(buildTrajectory({ calls: calls(...tools) }));
    expect(usage).toEqual({ tool_calls_total: total, distinct_tools_used: distinct, calls_by_tool: byTool });
    // keys sorted, so reports are stable
    expect(Object.keys(usage.calls_by_tool)).toEqual(Object.keys(byTool).sort());
  });
});
