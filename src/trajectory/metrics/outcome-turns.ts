import type { Outcome } from '../schema.js';
import type { ToolRoles } from '../tools/tool-roles.js';
import type { Trajectory } from '../trajectory.js';

/** How the run ended and how many turns it took. */
export interface OutcomeTurns {
  readonly outcome: Outcome;
  readonly turns: number;
  /** `null` when the run did not record one (imported transcripts). */
  readonly turn_budget: number | null;
  /** Within one turn of the budget: `turns >= turn_budget - 1`; `null` without a budget. */
  readonly near_cap: boolean | null;
  /**
   * `turns` when the outcome is `answered`; otherwise `turn_budget + 1` (`null` without a budget,
   * or when `unrecorded` or `handoff`: a run that passed the task on is neither answered nor failed).
   */
  readonly turns_to_answer_penalised: number | null;
}

// Endings the harness forced: a handoff call before them does not change how the run ended.
const FORCED: ReadonlySet<Outcome> = new Set(['timeout', 'budget_exhausted', 'exhausted_finalized']);

/**
 * How the run ended: as recorded, except that a run whose last call (by `seq`) is a tool the roles
 * name `handoff` ends `handoff` unless the harness forced its end (timeout, budget). A reply after
 * the handoff call does not make it answered: the task was passed on.
 *
 * @example
 * endingOf(tauBenchRun, GENERIC_TOOL_ROLES); // 'handoff' (its last call is transfer_to_human_agents)
 */
export function endingOf(trajectory: Trajectory, roles: Pick<ToolRoles, 'handoff'>): Outcome {
  const recorded = trajectory.result.outcome;
  if (FORCED.has(recorded) || roles.handoff.length === 0) return recorded;
  const last = trajectory.events.reduce<Trajectory['events'][number] | undefined>(
    (latest, event) => (latest === undefined || event.seq > latest.seq ? event : latest),
    undefined,
  );
  return last !== undefined && roles.handoff.includes(last.tool) ? 'handoff' : recorded;
}

/**
 * The outcome (`endingOf`), `near_cap`, `turns` and `turns_to_answer_penalised`. Only `answered`
 * counts as answered: an `exhausted_finalized` reply was forced by the budget, so it is penalised;
 * a `handoff` is neither answered nor penalised (`null`).
 *
 * @example
 * outcomeTurns(trajectory, roles); // { outcome: 'timeout', turns: 4, turn_budget: 10, near_cap: false, turns_to_answer_penalised: 11 }
 */
export function outcomeTurns(
  trajectory: Trajectory,
  roles: Pick<ToolRoles, 'handoff'> = { handoff: [] },
): OutcomeTurns {
  const { turns, turn_budget } = trajectory.result;
  const outcome = endingOf(trajectory, roles);
  return {
    outcome,
    turns,
    turn_budget,
    near_cap: turn_budget === null ? null : turns >= turn_budget - 1,
    turns_to_answer_penalised:
      outcome === 'answered'
        ? turns
        : turn_budget === null || outcome === 'unrecorded' || outcome === 'handoff'
          ? null
          : turn_budget + 1,
  };
}
