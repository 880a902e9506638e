import type { Trajectory } from '../trajectory.js';
import { type ChargedCalls, callsInOrder, chargedCalls } from './calls.js';

/**
 * `resurfacing`: a call is charged when every identifier it returned was already returned by an
 * earlier call. A call that returned no identifier is not charged here (that is `zero_yield`).
 *
 * @example
 * resurfacing(trajectory); // { count: 1, rate: 0.25, charged: [3] }
 */
export function resurfacing(trajectory: Trajectory): ChargedCalls {
  const calls = callsInOrder(trajectory);
  const seen = new Set<string>();
  const charged: number[] = [];
  for (const { event } of calls) {
    const ids = event.identifiers;
    // One pass: charged when no identifier is new; the new ones are remembered on the way.
    let resurfaced = ids.length > 0;
    for (const id of ids) {
      if (seen.has(id)) continue;
      resurfaced = false;
      seen.add(id);
    }
    if (resurfaced) charged.push(event.seq);
  }
  return chargedCalls(charged, calls.length);
}
