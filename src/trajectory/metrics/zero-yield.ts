import type { Trajectory } from '../trajectory.js';
import { type ChargedCalls, callsInOrder, chargedCalls } from './calls.js';

/**
 * `zero_yield`: a call that returned no identifier and did not fail. A failed call is not charged.
 *
 * @example
 * zeroYield(trajectory); // { count: 1, rate: 0.5, charged: [0] }
 */
export function zeroYield(trajectory: Trajectory): ChargedCalls {
  const calls = callsInOrder(trajectory);
  const charged = calls
    .filter(({ event }) => event.ok && event.identifiers.length === 0)
    .map(({ event }) => event.seq);
  return chargedCalls(charged, calls.length);
}
