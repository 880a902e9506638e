import type { ToolEvent } from '../schema.js';
import type { Trajectory } from '../trajectory.js';
import { type ChargedCalls, callsInOrder, chargedCalls } from './calls.js';
import { REFERENCE_TOOL_ROLES, type ToolRoles } from './tool-roles.js';

/** A result with no content: nothing at all, or only white space (the preview then holds all of it). */
function returnedNothing(event: ToolEvent): boolean {
  return (
    event.bytes === 0 || (event.preview.trim() === '' && Buffer.byteLength(event.preview) >= event.bytes)
  );
}

/**
 * `zero_yield`: a call that succeeded and returned nothing. For a tool whose identifiers say what
 * it returned (`roles.identified`), nothing is no identifier; for any other tool it is empty
 * content, so a call that returned content is never charged for it. A failed call is not charged.
 *
 * @example
 * zeroYield(trajectory); // { count: 1, rate: 0.5, charged: [0] }
 */
export function zeroYield(trajectory: Trajectory, roles: ToolRoles = REFERENCE_TOOL_ROLES): ChargedCalls {
  const calls = callsInOrder(trajectory);
  const identified = new Set(roles.identified);
  const charged = calls
    .filter(({ event }) => {
      if (!event.ok || event.identifiers.length > 0) return false;
      return identified.has(event.tool) || returnedNothing(event);
    })
    .map(({ event }) => event.seq);
  return chargedCalls(charged, calls.length);
}
