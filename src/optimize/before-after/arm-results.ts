import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type ArmResults, readArmMetrics } from '../../report/index.js';
import type { Task } from '../../retrieval/index.js';
import { loadToolRoles } from '../../trajectory/index.js';
import { campaignPaths } from '../campaign/campaign-dir.js';
import { openQueue } from '../campaign/queue.js';

/**
 * One arm's per-task metrics read back from the run directory (so `--report-only` re-derives
 * everything from the files), scored with the arm's own tool roles (`arms/<arm>/tool-roles.json`,
 * the reference server's when absent), with the rollouts the queue excluded. A finished
 * rollout's trajectory that cannot be read is reported, never scored as complete; one the queue
 * says did not finish is counted (failed, not run), not reported.
 */
export async function readArmResults(
  dir: string,
  arm: string,
  commit: { sha: string; subject: string },
  tasks: readonly Task[],
): Promise<{ results: ArmResults; problems: string[] }> {
  const paths = campaignPaths(dir);
  const armDir = paths.arm(arm);
  // Each arm is scored with its own product's tool roles, recorded when its worktree was prepared.
  const roles = existsSync(paths.armRoles(arm)) ? loadToolRoles(paths.armRoles(arm)) : undefined;
  const { metrics, problems } = existsSync(armDir)
    ? await readArmMetrics(armDir, new Map(tasks.map((task) => [task.id, task])), roles)
    : { metrics: new Map(), problems: [] };
  // Each rollout's latest state in the queue: failed (retries left or none) or never started.
  const states = existsSync(paths.queue)
    ? openQueue(paths.queue)
        .states()
        .filter((line) => line.arm === arm)
    : [];
  const failed = states.filter((line) => line.status === 'excluded' || line.status === 'failed').length;
  const notRun = states.filter((line) => line.status === 'not_run').length;
  // A rollout the queue says did not finish left at most a partial trajectory: the report counts it
  // (failed, not run), so it is no problem to name; a finished one that cannot be read is.
  const unfinished = states
    .filter((line) => line.status !== 'finished')
    .map((line) => `${join(dir, paths.trajectory(arm, line.task_id))}:`);
  const named = problems.filter((problem) => !unfinished.some((prefix) => problem.startsWith(prefix)));
  return {
    results: { commit: commit.sha, subject: commit.subject, metrics, failed, notRun },
    problems: named,
  };
}
