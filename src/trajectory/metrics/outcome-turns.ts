import type { Outcome } from '../schema.js';
import type { Trajectory } from '../trajectory.js';

/** How the run ended and how many turns it took. */
export interface OutcomeTurns {
  readonly outcome: Outcome;
  readonly turns: number;
  /** `null` when the run did not record one (imported transcripts). */
  readonly turn_budget: number | null;
  /** Within one turn of the budget: `turns >= turn_budget - 1`; `null` without a budget. */
  readonly near_cap: boolean | null;
  /** `turns` when the outcome is `answered`; otherwise `turn_budget + 1` (`null` without a budget, or when `unrecorded`). */
  readonly turns_to_answer_penalised: number | null;
}

/**
 * The outcome as recorded, `near_cap`, `turns` and `turns_to_answer_penalised`. Only `answered`
 * counts as answered: an `exhausted_finalized` reply was forced by the budget, so it is penalised.
 *
 * @example
 * outcomeTurns(trajectory); // { outcome: 'timeout', turns: 4, turn_budget: 10, near_cap: false, turns_to_answer_penalised: 11 }
 */
export function outcomeTurns(trajectory: Trajectory): OutcomeTurns {
  const { outcome, turns, turn_budget } = trajectory.result;
  return {
    outcome,
    turns,
    turn_budget,
    near_cap: turn_budget === null ? null : turns >= turn_budget - 1,
    turns_to_answer_penalised:
      outcome === 'answered'
        ? turns
        : turn_budget === null || outcome === 'unrecorded'
          ? null
          : turn_budget + 1,
  };
}
