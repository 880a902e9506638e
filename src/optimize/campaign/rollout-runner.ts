import type { Task } from '../../retrieval/index.js';
import type { ArmProcessResult } from './arms/arm-process.js';
import { openArmRunners } from './arms/arm-runner.js';
import type { RolloutSettings } from './harness-args.js';

/** An arm as the scheduler needs it (a `PreparedArm` fits). */
export interface RunnableArm {
  arm: string;
  commit: string;
  /** The embedded reference product of the agent-track that runs the rollout (an optimizer's), no commit. */
  embedded?: boolean;
  worktree: string;
  harness: readonly string[];
  /** Arguments after `harness run` that point it at the arm's product (default none). */
  productArgs?: readonly string[];
}

/** One attempt of one (arm, task), booked and recorded as running before it reaches a runner. */
export interface RolloutRequest {
  arm: RunnableArm;
  task: Task;
  /** The task's one-line `--tasks` file in the campaign directory. */
  input: string;
  /** The harness `--out` the rollout's trajectory, blobs and ledger line end up in. */
  out: string;
  /** What it runs with on a queue, when not the runner's own (an optimizer candidate's). */
  settings?: RolloutSettings;
  /** The attempt's number across every run of the campaign (the queue's count). */
  attempt: number;
  /** The spend ledger key the attempt is booked under. */
  booking: string;
  /** The harness command for an in-process run: the arm's harness, `run`, its arguments. */
  argv: readonly string[];
  env: Record<string, string | undefined>;
  timeoutMs: number | null;
  signal?: AbortSignal;
  secrets: readonly string[];
}

/** Jobs by state, and per worker, for the progress line of a campaign on a queue. */
export interface JobsState {
  queued: number;
  running: number;
  done: number;
  failed: number;
  workers: readonly { name: string; running: number; done: number; failed: number }[];
}

/**
 * Where a campaign's rollouts run: on this machine (`openLocalRunner`, the default: a runner per arm) or as
 * jobs on a queue that workers on any machine take (`openQueueRunner`). Either way the result is an
 * arm process's, and by the time `run` returns the rollout's trajectory and harness ledger lines
 * are in the campaign's arm directory, so the scheduler records it the same way.
 */
export interface RolloutRunner {
  /** Where the rollouts run, for the log. */
  readonly label: string;
  /**
   * What became of a booking an earlier run left open (never settled): `queued`, its job is still
   * on the queue (queued, running, or finished and not yet read: wait for it); `unsent`, no job was
   * ever sent under it (use it as it is); `null`, a job ran under it (book afresh).
   */
  reattach?(booking: string): Promise<'queued' | 'unsent' | null>;
  run(request: RolloutRequest): Promise<ArmProcessResult>;
  /** The scheduler recorded the attempt's result (ledger, queue, spend): its job may go. */
  done?(request: RolloutRequest): Promise<void>;
  /** Jobs by state and worker, for the progress line. */
  jobs?(): JobsState;
  /** Called with a redraw of the progress line whenever `jobs()` changes. */
  onChange?(redraw: () => void): void;
  /** Its connections closed, by whoever opened it, once every run that uses it is over. */
  close?(): Promise<void>;
}

/** The label of this machine's runner: the campaign log names any other where rollouts run. */
export const LOCAL_RUNNER = 'on this machine';

/**
 * Runs the rollouts on this machine: each arm's on one long-lived runner of its harness, in the
 * arm's worktree (`openArmRunners`; a harness without one runs each rollout as a child). Closing
 * it ends the runners.
 *
 * @example
 * const runner = openLocalRunner();
 * const result = await runner.run(request);
 * await runner.close?.();
 */
export function openLocalRunner(): RolloutRunner {
  const runners = openArmRunners();
  return {
    label: LOCAL_RUNNER,
    run: (request) =>
      runners.run({
        worktree: request.arm.worktree,
        harness: request.arm.harness,
        argv: request.argv,
        env: request.env,
        timeoutMs: request.timeoutMs,
        ...(request.signal === undefined ? {} : { signal: request.signal }),
        secrets: request.secrets,
      }),
    close: () => runners.close(),
  };
}
