import type { RelevanceOptions } from '../../retrieval/index.js';
import type { Trajectory } from '../trajectory.js';
import { attributedEvidenceCalls } from './attributed-evidence.js';
import { callsInOrder } from './calls.js';
import { needlessCalls } from './needless.js';
import { REFERENCE_TOOL_ROLES, type ToolRoles } from './tool-roles.js';

/** How a call was judged used; it always travels with the number. */
export type ToolCallsUsedDefinition = 'attributed_evidence' | 'not_needless';

/** `tool_calls_used`: the calls that served the outcome, and by which definition. */
export interface ToolCallsUsed {
  readonly count: number;
  /** `count / tool_calls_total`; `null` when there were no calls. */
  readonly ratio: number | null;
  readonly definition: ToolCallsUsedDefinition;
}

/**
 * `tool_calls_used`: with a patch, the calls that returned a row in its attributed evidence
 * (`attributed_evidence`); for an answering run, the calls no needless component charged
 * (`not_needless`).
 *
 * @example
 * toolCallsUsed(trajectory); // { count: 4, ratio: 0.8, definition: 'not_needless' }
 */
export function toolCallsUsed(
  trajectory: Trajectory,
  options: { roles?: ToolRoles; relevance?: RelevanceOptions } = {},
): ToolCallsUsed {
  const total = callsInOrder(trajectory).length;
  const patched = (trajectory.result.patch ?? '').trim() !== '';
  const count = patched
    ? attributedEvidenceCalls(trajectory, options.relevance).length
    : total - needlessCalls(trajectory, options.roles ?? REFERENCE_TOOL_ROLES).count;
  return {
    count,
    ratio: total === 0 ? null : count / total,
    definition: patched ? 'attributed_evidence' : 'not_needless',
  };
}
