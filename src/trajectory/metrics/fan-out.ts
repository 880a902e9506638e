import type { Trajectory } from '../trajectory.js';
import { type ChargedCalls, callsInOrder, chargedCalls } from './calls.js';
import { REFERENCE_TOOL_ROLES, type ToolRoles } from './tool-roles.js';

/** How many single-target calls of one tool in one turn make a fan-out. */
export const FAN_OUT_MIN_CALLS = 3;

/**
 * `fan_out_where_batch`: a call that is one of three or more single-target calls of one tool in
 * one turn, where that tool has a batch counterpart. The whole group is charged.
 *
 * @example
 * // turn 1: get_symbol x3 -> all three charged
 * fanOutWhereBatch(trajectory); // { count: 3, rate: 0.75, charged: [0, 1, 2] }
 */
export function fanOutWhereBatch(
  trajectory: Trajectory,
  roles: ToolRoles = REFERENCE_TOOL_ROLES,
): ChargedCalls {
  const calls = callsInOrder(trajectory);
  const groups = new Map<string, number[]>();
  for (const { event, turn } of calls) {
    if (!Object.hasOwn(roles.batch, event.tool)) continue;
    const key = `${turn}\u0000${event.tool}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [event.seq]);
    else group.push(event.seq);
  }
  const charged = [...groups.values()]
    .filter((group) => group.length >= FAN_OUT_MIN_CALLS)
    .flat()
    .sort((a, b) => a - b);
  return chargedCalls(charged, calls.length);
}
