import type { Trajectory } from '../trajectory.js';
import { type ChargedCalls, callsInOrder, chargedCalls } from './calls.js';
import { Sightings, writtenFiles } from './sightings.js';
import { REFERENCE_TOOL_ROLES, type ToolRoles } from './tool-roles.js';

/**
 * `resurfacing`: a call is charged when every identifier it returned was already returned by an
 * earlier call. A call that returned no identifier is not charged here (that is `zero_yield`). A
 * call of a `write` tool that succeeded makes what was seen of the file it changed stale (the next
 * read of it is new content); it is never charged here and shows nothing itself, nor does a failed
 * call (that is `failed`).
 *
 * @example
 * resurfacing(trajectory); // { count: 1, rate: 0.25, charged: [3] }
 */
export function resurfacing(trajectory: Trajectory, roles: ToolRoles = REFERENCE_TOOL_ROLES): ChargedCalls {
  const calls = callsInOrder(trajectory);
  const writes = new Set(roles.write);
  const seen = new Sightings();
  const charged: number[] = [];
  for (const { event } of calls) {
    if (writes.has(event.tool)) {
      if (event.ok) for (const file of writtenFiles(event.args)) seen.forget(file);
      continue;
    }
    // A failed call delivered nothing, whatever identifiers an old recording gave it.
    const ids = event.ok ? event.identifiers : [];
    // One pass: charged when no identifier is new; the new ones are remembered on the way.
    let resurfaced = ids.length > 0;
    for (const id of ids) if (seen.add(id)) resurfaced = false;
    if (resurfaced) charged.push(event.seq);
  }
  return chargedCalls(charged, calls.length);
}
