import type { Trajectory } from '../trajectory.js';
import { type ChargedCalls, callsInOrder, chargedCalls } from './calls.js';
import { failedCalls } from './failed.js';
import { fanOutWhereBatch } from './fan-out.js';
import { LastTrajectoryMemo } from './last-trajectory.js';
import { repeatedCalls } from './repeated.js';
import { resurfacing } from './resurfacing.js';
import { toolMismatch } from './tool-mismatch.js';
import { REFERENCE_TOOL_ROLES, type ToolRoles } from './tool-roles.js';
import { zeroYield } from './zero-yield.js';

/** The components of `needless_call_rate`, in report order. */
export const NEEDLESS_COMPONENTS = [
  'resurfacing',
  'zero_yield',
  'failed',
  'repeated',
  'fan_out_where_batch',
  'tool_mismatch',
] as const;
export type NeedlessComponent = (typeof NEEDLESS_COMPONENTS)[number];

/** `needless_call_rate` with the six components it is the union of. */
export interface NeedlessCalls extends ChargedCalls {
  readonly resurfacing: ChargedCalls;
  readonly zero_yield: ChargedCalls;
  /** Calls whose result was an error; its rate is `failed_call_rate`. */
  readonly failed: ChargedCalls;
  /** Calls that repeated an earlier call with the same arguments and got the same result. */
  readonly repeated: ChargedCalls;
  readonly fan_out_where_batch: ChargedCalls;
  readonly tool_mismatch: ChargedCalls;
}

// Per roles, for the last trajectory: tool_calls_used reuses the pass computeMetrics made.
const cache = new LastTrajectoryMemo<Map<ToolRoles, NeedlessCalls>>();

/**
 * `needless_call_rate`: share of calls charged by at least one component (a call charged twice
 * counts once); `null` when the trajectory made no call.
 *
 * @example
 * const needless = needlessCalls(trajectory);
 * needless.rate; // needless_call_rate
 * needless.zero_yield.count;
 */
export function needlessCalls(
  trajectory: Trajectory,
  roles: ToolRoles = REFERENCE_TOOL_ROLES,
): NeedlessCalls {
  const byRoles = cache.get(trajectory, () => new Map());
  const cached = byRoles.get(roles);
  if (cached !== undefined) return cached;
  const components = {
    resurfacing: resurfacing(trajectory, roles),
    zero_yield: zeroYield(trajectory, roles),
    failed: failedCalls(trajectory),
    repeated: repeatedCalls(trajectory),
    fan_out_where_batch: fanOutWhereBatch(trajectory, roles),
    tool_mismatch: toolMismatch(trajectory, roles),
  };
  const union = new Set<number>();
  for (const component of Object.values(components)) {
    for (const seq of component.charged) union.add(seq);
  }
  const charged = [...union].sort((a, b) => a - b);
  const needless = { ...chargedCalls(charged, callsInOrder(trajectory).length), ...components };
  byRoles.set(roles, needless);
  return needless;
}
