import { join } from 'node:path';
import {
  LEDGER_FILE,
  type LedgerLine,
  readLedger,
  runPool,
  TOKEN_CAP_ENV,
  type TokenCap,
} from '../../../agent/index.js';
import type { Task } from '../../../retrieval/index.js';
import type { RolloutSettings } from '../../campaign/harness-args.js';
import { WORKER_REFUSED } from '../../campaign/remote/job-schema.js';
import type { RolloutRequest, RolloutRunner, RunnableArm } from '../../campaign/rollout-runner.js';

/** One candidate's batch of rollouts as jobs. */
export interface QueuedBatch {
  runner: RolloutRunner;
  /** The product the rollouts run against, named for the candidate. */
  arm: RunnableArm;
  settings: RolloutSettings;
  tasks: readonly Task[];
  /** Each task's booking on the spend ledger, by task id (only these run). */
  booked: ReadonlyMap<string, string>;
  /** The harness `--out` the results are written to. */
  out: string;
  tokenCap?: TokenCap;
  /** Jobs in flight at once. */
  concurrency: number;
  /** After each result is written: its ledger line (`undefined` when a worker refused it). */
  onResult: (taskId: string, booking: string, line: LedgerLine | undefined, refused: boolean) => void;
  log: (line: string) => void;
}

// `key`, `key#2`, ...: the attempt a booking is.
const attemptOf = (booking: string): number => Number(/#(\d+)$/.exec(booking)?.[1] ?? 1);

/**
 * Runs a candidate's booked rollouts as jobs on a queue, `concurrency` in flight: each job's result is written into `out` by the runner, reported with its harness
 * ledger line (where the caller settles its booking), and only then let go on the queue, so a
 * kill between the two leaves a job a resume reads again rather than a booking nothing settles.
 *
 * @example
 * await queuedBatch({ runner, arm, settings, tasks, booked, out, onResult, log });
 */
export async function queuedBatch(batch: QueuedBatch): Promise<void> {
  const { runner } = batch;
  const cap = batch.tokenCap;
  await runPool(batch.tasks, batch.concurrency, async (task) => {
    const booking = batch.booked.get(task.id);
    if (booking === undefined) return;
    const request: RolloutRequest = {
      arm: batch.arm,
      task,
      input: '',
      out: batch.out,
      settings: batch.settings,
      attempt: attemptOf(booking),
      booking,
      argv: [],
      env: cap === undefined ? {} : { [TOKEN_CAP_ENV]: `${cap.input}:${cap.output}` },
      timeoutMs: null,
      secrets: [],
    };
    const result = await runner.run(request);
    const refused = result.exception?.type === WORKER_REFUSED;
    if (refused) batch.log(`${batch.arm.arm} ${task.id}: ${result.exception?.message}`);
    batch.onResult(task.id, booking, readLedger(join(batch.out, LEDGER_FILE)).get(task.id), refused);
    await runner.done?.(request);
  });
}
