import type { Trajectory } from '../trajectory.js';
import { callsInOrder } from './calls.js';

/**
 * `parallel_calls_per_turn`: mean calls per turn, over the turns that called any tool; `null` with
 * no calls (turns that only talked do not dilute it).
 *
 * @example
 * // turn 1: 3 calls, turn 2: none, turn 3: 1 call -> (3 + 1) / 2
 * parallelCallsPerTurn(trajectory); // 2
 */
export function parallelCallsPerTurn(trajectory: Trajectory): number | null {
  const calls = callsInOrder(trajectory);
  if (calls.length === 0) return null;
  return calls.length / new Set(calls.map((call) => call.turn)).size;
}
