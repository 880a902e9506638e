import { setTimeout as delay } from 'node:timers/promises';
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

/** The first pause after an outage, doubled for each further one in a row. */
export const OUTAGE_BACKOFF_MS = 1000;

/** The campaign's view of the endpoint: how many rollouts in a row it failed, and the pause it asks. */
export interface OutageGate {
  /** Resolves when no pause is on: at once, when the pause ends, or when the campaign is stopped. */
  ready(): Promise<void>;
  /** A rollout the endpoint (or `what`) failed: pauses new starts (`baseMs`, doubling); `true` once the streak stops the campaign. */
  failed(what?: string): boolean;
  /** A rollout that reached the endpoint: the streak starts over. */
  reached(): void;
  readonly streak: number;
}

/**
 * Backs a campaign off an endpoint that fails: after the k-th rollout in a row it failed, no new
 * rollout starts for `baseMs * 2^(k-1)` (said in one line); the `OUTAGE_STREAK`-th stops it.
 *
 * @example
 * const gate = outageGate({ baseMs: 1000, log });
 * await gate.ready(); // before each start
 */
export function outageGate(options: {
  baseMs?: number;
  signal?: AbortSignal;
  log: (line: string) => void;
}): OutageGate {
  const baseMs = options.baseMs ?? OUTAGE_BACKOFF_MS;
  let streak = 0;
  let pause: Promise<void> = Promise.resolve();
  return {
    get streak() {
      return streak;
    },
    ready: () => pause,
    failed(what = 'the model endpoint') {
      streak++;
      if (streak >= OUTAGE_STREAK) return true;
      const ms = baseMs * 2 ** (streak - 1);
      options.log(
        `${what} failed ${streak} rollout(s) in a row: no rollout starts for ${ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`} (the campaign stops at ${OUTAGE_STREAK})`,
      );
      pause = delay(ms, undefined, { signal: options.signal }).catch(() => {});
      return false;
    },
    reached() {
      streak = 0;
    },
  };
}
