import type { RecordedError } from '../../core/index.js';

/** What a rollout not started after an outage stopped the campaign is recorded with. */
export const OUTAGE: RecordedError = {
  type: 'EndpointDown',
  message: 'not started: the model endpoint failed the rollouts before it',
};

/** Consecutive rollouts failed by the endpoint (unreachable, timing out, 5xx, 429) that stop a campaign. */
export const OUTAGE_STREAK = 3;

/**
 * Whether a rollout failed because the model endpoint did (unreachable, a timeout, HTTP 429 or
 * 5xx after its retries): a failure of the moment, not of the task, so it never excludes a task.
 */
export function endpointFailure(exception: RecordedError): boolean {
  // The harness child says it as `agent-track: The ... endpoint ... failed with ...` (its code is
  // then not on the line) or in its ledger line (code `LLM_REQUEST_FAILED`).
  return (
    (exception.type === 'LLM_REQUEST_FAILED' || exception.type === 'AgentTrackError') &&
    / endpoint `[^`]*` failed with (a connection failure|a timeout|HTTP (429|5\d\d))/.test(exception.message)
  );
}

/** Whether a queue state is a rollout an outage left unrun (failed by the endpoint, or not started after). */
export function leftByOutage(
  state: { status: string; exception: RecordedError | null } | undefined,
): boolean {
  if (state?.status !== 'not_run' || state.exception === null) return false;
  return state.exception.type === OUTAGE.type || endpointFailure(state.exception);
}
