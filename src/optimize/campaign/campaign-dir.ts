import { join } from 'node:path';

/**
 * The files of one campaign directory, `runs/<campaign>/` (see docs/ARCHITECTURE.md). Every path
 * the campaign writes is named here.
 *
 * @example
 * campaignPaths('runs/demo').ledger; // 'runs/demo/ledger.jsonl'
 */
export function campaignPaths(dir: string) {
  return {
    dir,
    plan: join(dir, 'plan.json'),
    planText: join(dir, 'plan.txt'),
    ledger: join(dir, 'ledger.jsonl'),
    queue: join(dir, 'queue.jsonl'),
    /** The one spend ledger: every paid call reserved before it starts, settled once its usage is known. */
    spend: join(dir, 'spend.jsonl'),
    log: join(dir, 'campaign.log'),
    /** The worktrees a running campaign holds, so a run after a hard kill removes them. */
    worktrees: join(dir, 'worktrees.json'),
    blobs: join(dir, 'blobs'),
    inputs: join(dir, 'inputs'),
    /** One task line per file, the `--tasks` a rollout's harness reads. */
    taskInput: (taskId: string) => join(dir, 'inputs', `${encodeURIComponent(taskId)}.jsonl`),
    /** The arm's harness `--out`: `tasks/`, `ledger.jsonl` and `blobs` (a link to the shared store). */
    arm: (arm: string) => join(dir, 'arms', arm),
    armLedger: (arm: string) => join(dir, 'arms', arm, 'ledger.jsonl'),
    /** The roles the arm's tools play (its manifest's `tools:`, resolved), so a report re-derives alike. */
    armRoles: (arm: string) => join(dir, 'arms', arm, 'tool-roles.json'),
    trajectory: (arm: string, taskId: string) => join('arms', arm, 'tasks', encodeURIComponent(taskId)),
  };
}

export type CampaignPaths = ReturnType<typeof campaignPaths>;
