import type { CampaignLog } from './campaign-log.js';
import type { Queue } from './queue.js';
import type { RolloutRunner } from './rollout-runner.js';
import type { SpendLedger } from './spend/spend-ledger.js';
import { formatUsd } from './spend/usd.js';

/**
 * Books one attempt of (arm, task) and records it running in the queue; `null` when the booking
 * would cross the ceiling (nothing written). On a queue, the first attempt of a resumed run first
 * asks the runner about the rollout's newest booking an earlier run left open (never settled): a job
 * still on the queue under it is waited for, and a booking whose job was never sent (a kill between
 * the two) is used as it is, so neither is booked twice.
 *
 * @example
 * const booked = await bookAttempt({ spend, queue, runner, log }, 'baseline', 't1', 0.08, true);
 */
export async function bookAttempt(
  files: { spend: SpendLedger; queue: Queue; runner: RolloutRunner; log: CampaignLog },
  arm: string,
  taskId: string,
  usd: number,
  firstInRun: boolean,
): Promise<{ booking: string; attempts: number } | null> {
  const { spend, queue, runner, log } = files;
  const state = queue.state(arm, taskId);
  const before = state?.attempts ?? 0;
  const open =
    firstInRun && runner.reattach !== undefined
      ? spend.openReservations(`${arm}/${taskId}`).at(-1)
      : undefined;
  const left = open === undefined ? null : await runner.reattach!(open);
  if (open !== undefined && left === 'queued') {
    queue.update(arm, taskId, { status: 'running' });
    log(`${arm} ${taskId}: its job an earlier run left on the queue is waited for, not booked again`);
    return { booking: open, attempts: Math.max(1, before) };
  }
  if (open !== undefined && left === 'unsent') {
    // Booked, and stopped before the job was sent: the queue may not have counted the attempt yet.
    const counted = state?.status === 'running';
    const attempts = counted ? Math.max(1, before) : before + 1;
    queue.update(arm, taskId, { status: 'running', attempts, ...(counted ? {} : { addUsd: usd }) });
    log(`${arm} ${taskId} started (attempt ${attempts}, on the booking an earlier run made and never sent)`);
    return { booking: open, attempts };
  }
  const booking = spend.tryReserve('rollout', `${arm}/${taskId}`, 1, usd);
  if (booking === null) return null;
  const attempts = before + 1;
  queue.update(arm, taskId, { status: 'running', attempts, addUsd: usd });
  log(`${arm} ${taskId} started (attempt ${attempts}, booked ${formatUsd(usd)})`);
  return { booking, attempts };
}
