import type { Trajectory } from '../trajectory.js';
import { type ChargedCalls, callsInOrder, chargedCalls } from './calls.js';

/**
 * `failed`: a call whose result was an error (`ok: false`: MCP `isError`, a transcript's error
 * flag, or the error rule for a format without one; a call the transcript never answered). Its
 * rate is `failed_call_rate`; every failed call is needless, and no other component needs it.
 *
 * @example
 * failedCalls(trajectory); // { count: 6, rate: 0.4286, charged: [3, 5, 6, 9, 10, 11] }
 */
export function failedCalls(trajectory: Trajectory): ChargedCalls {
  const calls = callsInOrder(trajectory);
  const charged = calls.filter(({ event }) => !event.ok).map(({ event }) => event.seq);
  return chargedCalls(charged, calls.length);
}
