import { canonicalJson } from '../../core/index.js';
import type { ToolEvent } from '../schema.js';
import type { Trajectory } from '../trajectory.js';
import { type ChargedCalls, callsInOrder, chargedCalls } from './calls.js';

// One call's identity: its tool, its arguments in canonical form (key order and JSON layout do not
// matter; raw arguments that were not JSON with their white space collapsed) and its result's hash.
function callKey(event: ToolEvent): string {
  const args =
    event.args_raw === undefined ? canonicalJson(event.args) : event.args_raw.replace(/\s+/g, ' ').trim();
  return `${event.tool}\u0000${args}\u0000${event.blob}`;
}

/**
 * `repeated`: a call that made the same call as an earlier one (same tool, same arguments up to key
 * order and white space) and got the same result back (same blob sha256). The first of them is not
 * charged, each later one is, whatever the tool roles: it learnt nothing the run did not hold.
 *
 * @example
 * // update(id=1) -> 'Error: x', update(id=1) -> 'Error: x', update(id=1) -> 'Error: x'
 * repeatedCalls(trajectory); // { count: 2, rate: 0.6667, charged: [1, 2] }
 */
export function repeatedCalls(trajectory: Trajectory): ChargedCalls {
  const calls = callsInOrder(trajectory);
  const seen = new Set<string>();
  const charged: number[] = [];
  for (const { event } of calls) {
    const key = callKey(event);
    if (seen.has(key)) charged.push(event.seq);
    else seen.add(key);
  }
  return chargedCalls(charged, calls.length);
}
