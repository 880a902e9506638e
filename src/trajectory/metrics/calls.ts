import { AgentTrackError } from '../../core/index.js';
import type { ToolEvent } from '../schema.js';
import type { Trajectory } from '../trajectory.js';
import { LastTrajectoryMemo } from './last-trajectory.js';

/** One tool call with the turn and model message that proposed it. */
export interface Call {
  readonly event: ToolEvent;
  /** 1-based turn from `model_turns.json`. */
  readonly turn: number;
  readonly message_id: string;
}

const cache = new LastTrajectoryMemo<readonly Call[]>();

/**
 * The calls in `seq` order, each with its turn. Kept for the last trajectory so that every metric
 * of one `computeMetrics` pass shares a single sort.
 *
 * @example
 * callsInOrder(trajectory).map((call) => call.turn); // [1, 1, 2]
 */
export function callsInOrder(trajectory: Trajectory): readonly Call[] {
  return cache.get(trajectory, () => sortCalls(trajectory));
}

function sortCalls(trajectory: Trajectory): readonly Call[] {
  return [...trajectory.events]
    .sort((a, b) => a.seq - b.seq)
    .map((event): Call => {
      const proposed = trajectory.turns[String(event.seq)];
      // A call with no turn would silently collapse into one turn: refuse instead.
      if (proposed === undefined) {
        const where =
          trajectory.dir === undefined ? `task \`${trajectory.task_id}\`` : `\`${trajectory.dir}\``;
        throw new AgentTrackError(
          'MISSING_TURN',
          `The model turns of ${where} do not name call seq \`${event.seq}\` (tool \`${event.tool}\`)`,
          { data: { task_id: trajectory.task_id, dir: trajectory.dir, seq: event.seq } },
        );
      }
      return { event, turn: proposed.turn, message_id: proposed.message_id };
    });
}

/** `count / total`; `null` when there were no calls: a run that made none had no call to waste. */
export function shareOfCalls(count: number, total: number): number | null {
  return total === 0 ? null : count / total;
}

/** What a call-efficiency component reports: how many calls it charged, their share, and which. */
export interface ChargedCalls {
  readonly count: number;
  /** `count / calls`; `null` when the trajectory made no call (undefined, never 0). */
  readonly rate: number | null;
  /** The `seq` of every charged call, ascending. */
  readonly charged: readonly number[];
}

/** Packs charged seqs (already ascending) into a component result over `total` calls. */
export function chargedCalls(charged: readonly number[], total: number): ChargedCalls {
  return { count: charged.length, rate: shareOfCalls(charged.length, total), charged };
}
