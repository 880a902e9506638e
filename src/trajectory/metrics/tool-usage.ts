import type { Trajectory } from '../trajectory.js';
import { callsInOrder } from './calls.js';

/** How many calls, of how many tools. */
export interface ToolUsage {
  readonly tool_calls_total: number;
  readonly distinct_tools_used: number;
  /** Calls per tool name, keys sorted. */
  readonly calls_by_tool: Readonly<Record<string, number>>;
}

/**
 * `tool_calls_total`, `distinct_tools_used` and `calls_by_tool`.
 *
 * @example
 * toolUsage(trajectory);
 * // { tool_calls_total: 3, distinct_tools_used: 2, calls_by_tool: { get_symbol: 1, search_codebase: 2 } }
 */
export function toolUsage(trajectory: Trajectory): ToolUsage {
  const counts = new Map<string, number>();
  for (const { event } of callsInOrder(trajectory)) counts.set(event.tool, (counts.get(event.tool) ?? 0) + 1);
  const calls_by_tool: Record<string, number> = {};
  for (const tool of [...counts.keys()].sort()) calls_by_tool[tool] = counts.get(tool) ?? 0;
  return {
    tool_calls_total: trajectory.events.length,
    distinct_tools_used: counts.size,
    calls_by_tool,
  };
}
