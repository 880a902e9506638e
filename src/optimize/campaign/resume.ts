import { readJsonlLog } from '../../core/index.js';
import type { Task } from '../../retrieval/index.js';
import type { CampaignPaths } from './campaign-dir.js';
import type { CampaignLog } from './campaign-log.js';
import type { Ledger } from './ledger.js';
import type { Queue } from './queue.js';
import { type HarnessLedgerLine, harnessLedgerLineSchema, ledgerLineSchema } from './schema.js';

/** An arm as the scheduler knows it. */
export interface ArmRef {
  arm: string;
  commit: string;
}

/**
 * The lines of the rollouts an arm's harness recorded as finished in its own `ledger.jsonl` (task
 * id -> its line: the outcome, and what the rollout used when the harness says).
 *
 * @example
 * finishedLines(campaignPaths('runs/demo'), 'baseline').get('t1')?.usage?.prompt; // 8123
 */
export function finishedLines(paths: CampaignPaths, arm: string): Map<string, HarnessLedgerLine> {
  const { records } = readJsonlLog(paths.armLedger(arm), harnessLedgerLineSchema, 'harness ledger');
  // A `status: failed` line is the harness recording a rollout that threw: not a finished one.
  const finished = records.filter((line) => line.status !== 'failed');
  return new Map(finished.map((line) => [line.task_id, line]));
}

/**
 * Every line an arm's harness wrote for one task, oldest first (failed attempts included).
 *
 * @example
 * taskLines(campaignPaths('runs/demo'), 'baseline', 't1').at(-1)?.status; // 'failed'
 */
export function taskLines(paths: CampaignPaths, arm: string, taskId: string): HarnessLedgerLine[] {
  const { records } = readJsonlLog(paths.armLedger(arm), harnessLedgerLineSchema, 'harness ledger');
  return records.filter((line) => line.task_id === taskId);
}

/**
 * The rollouts `reconcile` will neither run nor pay again, read without writing anything (a plan's
 * count): every (arm, task) the campaign ledger holds, and every one an arm's harness finished that
 * the ledger has yet to adopt (a gate's restored baseline, a kill between the two writes), which
 * `reconcile` adopts before it skips what the ledger holds. Keys are `arm` and task id joined by NUL.
 *
 * @example
 * recordedRollouts(campaignPaths('runs/gate'), ['baseline', 'candidate']).has('baseline\0t1');
 */
export function recordedRollouts(paths: CampaignPaths, arms: readonly string[]): Set<string> {
  const held = new Set<string>();
  for (const line of readJsonlLog(paths.ledger, ledgerLineSchema, 'ledger').records)
    held.add(`${line.arm}\0${line.task_id}`);
  for (const arm of arms) for (const task of finishedLines(paths, arm).keys()) held.add(`${arm}\0${task}`);
  return held;
}

/**
 * Records one finished (arm, task): its ledger line (attempts and dollars from the queue), then
 * its queue snapshot.
 *
 * @example
 * recordFinished({ paths, ledger, queue }, arm, 't1', 'answered', 1200);
 */
export function recordFinished(
  files: { paths: CampaignPaths; ledger: Ledger; queue: Queue },
  arm: ArmRef,
  taskId: string,
  outcome: string | null,
  durationMs: number | null,
): void {
  const state = files.queue.state(arm.arm, taskId);
  files.ledger.append({
    arm: arm.arm,
    task_id: taskId,
    commit: arm.commit,
    outcome,
    attempts: state?.attempts ?? 0,
    booked_usd: state?.booked_usd ?? 0,
    duration_ms: durationMs,
    finished_at: new Date().toISOString(),
    trajectory: files.paths.trajectory(arm.arm, taskId),
  });
  files.queue.update(arm.arm, taskId, { status: 'finished', exception: null });
}

/**
 * Before a (re-)run: adopts every task an arm's harness finished that the campaign ledger missed (a
 * kill between the two writes), so it is never paid again (`onAdopted` settles its booking); then says, per arm, which tasks the
 * ledger holds (skipped), which an earlier run excluded (run again with `retryExcluded`), and
 * which are still to run.
 *
 * @example
 * const { pending } = reconcile({ paths, ledger, queue }, arms, tasks, log);
 */
export function reconcile<A extends ArmRef>(
  files: { paths: CampaignPaths; ledger: Ledger; queue: Queue },
  arms: readonly A[],
  tasks: readonly Task[],
  log: CampaignLog,
  /** Run the rollouts an earlier run excluded again (`--retry-failed`). */
  retryExcluded = false,
  /** Told of each rollout adopted, with its harness's line: its booking is still open. */
  onAdopted?: (arm: string, taskId: string, line: HarnessLedgerLine) => void,
): {
  skipped: Map<string, number>;
  excluded: Map<string, number>;
  retried: number;
  pending: { arm: A; task: Task }[];
} {
  const skipped = new Map<string, number>();
  const excluded = new Map<string, number>();
  for (const arm of arms) {
    const finished = finishedLines(files.paths, arm.arm);
    for (const task of tasks) {
      const line = finished.get(task.id);
      if (!files.ledger.has(arm.arm, task.id) && line !== undefined) {
        recordFinished(files, arm, task.id, line.outcome ?? null, null);
        log(`${arm.arm} ${task.id} adopted: the harness finished it before the campaign recorded it`);
        onAdopted?.(arm.arm, task.id, line);
      }
    }
  }
  const pending: { arm: A; task: Task }[] = [];
  let retried = 0;
  // Interleaved by task, so a stop (ceiling, abort) leaves complete pairs.
  for (const task of tasks) {
    for (const arm of arms) {
      if (files.ledger.has(arm.arm, task.id)) {
        skipped.set(arm.arm, (skipped.get(arm.arm) ?? 0) + 1);
      } else if (files.queue.state(arm.arm, task.id)?.status === 'excluded' && !retryExcluded) {
        excluded.set(arm.arm, (excluded.get(arm.arm) ?? 0) + 1);
      } else {
        if (files.queue.state(arm.arm, task.id)?.status === 'excluded') retried++;
        pending.push({ arm, task });
      }
    }
  }
  return { skipped, excluded, retried, pending };
}
