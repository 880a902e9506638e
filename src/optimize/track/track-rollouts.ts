import type { Task } from '../../retrieval/index.js';
import type { JobsState } from '../campaign/rollout-runner.js';
import { type RolloutContext, type RolloutTarget, runRollout } from './run-rollout.js';
import type { RolloutLine } from './track-schema.js';

/**
 * Where a track's rollouts run: here (`localRollouts`, the agent as a child of this process) or as
 * jobs on a queue (`openTrackQueue`). Either way `run` returns the attempt's ledger line with its
 * transcript and trajectory in the track directory; `refused` when no worker ran it (nothing was
 * spent). The track records the line, then calls `done`.
 */
export interface TrackRollouts {
  readonly label: string;
  /** The rollouts run on other machines, which prepare each task's corpus and MCP config themselves. */
  readonly remote: boolean;
  run(target: RolloutTarget, task: Task, booking: string): Promise<{ line: RolloutLine; refused: boolean }>;
  /** What became of a booking an earlier run left open (see `RolloutRunner.reattach`). */
  reattach?(booking: string): Promise<'queued' | 'unsent' | null>;
  done?(booking: string): Promise<void>;
  jobs?(): JobsState;
  onChange?(redraw: () => void): void;
  close?(): Promise<void>;
}

/**
 * A track's rollouts in this process's children.
 *
 * @example
 * const rollouts = localRollouts(context);
 */
export function localRollouts(context: RolloutContext): TrackRollouts {
  return {
    label: 'in-process',
    remote: false,
    run: async (target) => ({ line: await runRollout(context, target), refused: false }),
  };
}
