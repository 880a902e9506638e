import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Task } from '../../retrieval/index.js';
import { campaignPaths } from './campaign-dir.js';
import { openCampaignLog } from './campaign-log.js';
import { openLedger } from './ledger.js';
import { leftByOutage } from './outage.js';
import { openQueue } from './queue.js';
import { reconcile } from './resume.js';
import type { RunnableArm } from './rollout-runner.js';
import type { HarnessLedgerLine } from './schema.js';

export interface ArmTally {
  arm: string;
  total: number;
  /** Finished in an earlier run (the ledger held them). */
  skipped: number;
  finished: number;
  excluded: number;
  notRun: number;
}

/**
 * Opens a run of a campaign's arms: its directories, log, ledger and queue (a torn line a kill
 * left said in the log), each arm's directory linked to the shared blobs; then adopts what an arm's
 * harness finished but the ledger missed and sorts every (arm, task) into skipped (the ledger holds
 * it), excluded (an earlier run excluded it, unless `retryFailed`) and pending, saying so.
 *
 * @example
 * const { pending, tallies } = openRun('/work/runs/demo', { arms, tasks });
 */
export function openRun(
  dir: string,
  options: {
    arms: readonly RunnableArm[];
    tasks: readonly Task[];
    secrets?: readonly string[];
    retryFailed?: boolean;
    /** Settles the booking of a rollout adopted from its harness's ledger (see `reconcile`). */
    settleAdopted?: (arm: string, taskId: string, line: HarnessLedgerLine) => void;
  },
) {
  const paths = campaignPaths(dir);
  mkdirSync(paths.inputs, { recursive: true });
  mkdirSync(paths.blobs, { recursive: true });
  const log = openCampaignLog(paths.log, options.secrets ?? []);
  const ledger = openLedger(paths.ledger);
  const queue = openQueue(paths.queue);
  if (ledger.tornLine !== null) log(`ledger: ignored torn line ${ledger.tornLine}`);
  if (queue.tornLine !== null) log(`queue: ignored torn line ${queue.tornLine}`);
  const tallies = new Map<string, ArmTally>();

  const files = { paths, ledger, queue };
  for (const arm of options.arms) {
    const armDir = paths.arm(arm.arm);
    mkdirSync(armDir, { recursive: true });
    if (!existsSync(join(armDir, 'blobs')))
      symlinkSync(join('..', '..', 'blobs'), join(armDir, 'blobs'), 'dir');
  }
  const { skipped, excluded, retried, pending } = reconcile(
    files,
    options.arms,
    options.tasks,
    log,
    options.retryFailed === true,
    options.settleAdopted,
  );
  if (retried > 0) log(`${retried} rollout(s) an earlier run excluded are run again (--retry-failed)`);
  const leftUnrun = pending.filter(({ arm, task }) => leftByOutage(queue.state(arm.arm, task.id))).length;
  if (leftUnrun > 0) log(`${leftUnrun} rollout(s) an endpoint outage left unrun are run again`);
  const before = [...excluded.values()].reduce((a, b) => a + b, 0);
  if (before > 0)
    log(
      `${before} rollout(s) an earlier run excluded (they failed twice, named in queue.jsonl) are not run again; --retry-failed runs them`,
    );
  for (const arm of options.arms) {
    tallies.set(arm.arm, {
      arm: arm.arm,
      total: options.tasks.length,
      skipped: skipped.get(arm.arm) ?? 0,
      finished: 0,
      excluded: excluded.get(arm.arm) ?? 0,
      notRun: 0,
    });
  }
  return { paths, log, ledger, queue, files, tallies, pending };
}
