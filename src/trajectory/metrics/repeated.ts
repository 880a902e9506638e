import { canonicalJson } from '../../core/index.js';
import type { ToolEvent } from '../schema.js';
import type { Trajectory } from '../trajectory.js';
import { type ChargedCalls, callsInOrder, chargedCalls } from './calls.js';

// A call's identity within its result: its tool and its arguments in canonical form (key order and
// JSON layout do not matter; raw arguments that were not JSON with their white space collapsed).
function callKey(event: ToolEvent): string {
  const args =
    event.args_raw === undefined ? canonicalJson(event.args) : event.args_raw.replace(/\s+/g, ' ').trim();
  return `${event.tool}\u0000${args}`;
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
  // By result: its first call, until a second call got it too; then the keys of the calls that got it.
  // Most results are met once, so most calls are never put in canonical form.
  const byResult = new Map<string, ToolEvent | Set<string>>();
  const charged: number[] = [];
  for (const { event } of calls) {
    const earlier = byResult.get(event.blob);
    if (earlier === undefined) {
      byResult.set(event.blob, event);
      continue;
    }
    let keys: Set<string>;
    if (earlier instanceof Set) keys = earlier;
    else {
      keys = new Set([callKey(earlier)]);
      byResult.set(event.blob, keys);
    }
    const key = callKey(event);
    if (keys.has(key)) charged.push(event.seq);
    else keys.add(key);
  }
  return chargedCalls(charged, calls.length);
}
