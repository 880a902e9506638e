import type { Trajectory } from '../trajectory.js';
import { callsInOrder } from './calls.js';
import { REFERENCE_TOOL_ROLES, type ToolRoles, targetFetchingTools } from './tool-roles.js';

/**
 * `batch_vs_fanout_ratio`: share of target-fetching calls (single-target tools and their batch
 * counterparts) issued as one batch call; `null` when there were none.
 *
 * @example
 * // get_symbols x1, get_symbol x3 -> 1 / 4
 * batchVsFanoutRatio(trajectory); // 0.25
 */
export function batchVsFanoutRatio(
  trajectory: Trajectory,
  roles: ToolRoles = REFERENCE_TOOL_ROLES,
): number | null {
  const { single, batch } = targetFetchingTools(roles);
  let fetching = 0;
  let batched = 0;
  for (const { event } of callsInOrder(trajectory)) {
    if (batch.has(event.tool)) batched += 1;
    if (batch.has(event.tool) || single.has(event.tool)) fetching += 1;
  }
  return fetching === 0 ? null : batched / fetching;
}
