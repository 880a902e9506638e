import { rolloutTasks, type Task } from '../../retrieval/index.js';
import { campaignPaths } from '../campaign/campaign-dir.js';
import { recordedRollouts } from '../campaign/resume.js';
import { formatUsd } from '../campaign/spend/usd.js';
import type { Plan } from './plan-schema.js';

/**
 * What a campaign's ledger already holds of its plan (an earlier run of it, or a gate's baseline
 * restored from its cache), said under the plan: per arm how many of its rollouts are recorded and
 * will be neither run nor paid again, and what the rest estimate. `null` when nothing is recorded.
 * Read only: a plan writes nothing. Counted as `reconcile` will count them (`recordedRollouts`).
 *
 * @example
 * recordedLine('runs/gate', plan, tasks);
 * // 'Already recorded in this campaign (neither run nor paid again): baseline 12 of 12 rollouts, candidate 0 of 12; the 12 left estimate $0.0412.'
 */
export function recordedLine(dir: string, plan: Plan, tasks: readonly Task[]): string | null {
  const done = recordedCounts(
    dir,
    plan.arms.map((arm) => arm.arm),
    tasks,
    plan.tasks.repeats,
  );
  const arms = plan.arms.map((arm) => ({ arm, done: done.get(arm.arm) ?? 0 }));
  if (arms.every(({ done }) => done === 0)) return null;
  const left = arms.reduce((sum, { arm, done }) => sum + arm.rollouts - done, 0);
  const leftUsd = arms.reduce((sum, { arm, done }) => sum + (arm.rollouts - done) * arm.usd_per_rollout, 0);
  const each = arms.map(({ arm, done }, i) =>
    i === 0 ? `${arm.arm} ${done} of ${arm.rollouts} rollouts` : `${arm.arm} ${done} of ${arm.rollouts}`,
  );
  return `Already recorded in this campaign (neither run nor paid again): ${each.join(', ')}; the ${left} left estimate ${formatUsd(leftUsd)}.`;
}

// Per arm, how many of its rollouts (tasks x repeats) the campaign holds (`recordedRollouts`).
function recordedCounts(
  dir: string,
  arms: readonly string[],
  tasks: readonly Task[],
  repeats: number,
): Map<string, number> {
  const held = recordedRollouts(campaignPaths(dir), arms);
  const ids = rolloutTasks(tasks, repeats).map((task) => task.id);
  return new Map(arms.map((arm) => [arm, ids.filter((id) => held.has(`${arm}\0${id}`)).length]));
}

/**
 * The arms every one of whose rollouts the campaign holds already (`recordedRollouts`): nothing of
 * them runs, so a run checks their worktrees out without setting them up (a gate whose baseline
 * was restored from its cache sets up the head only).
 *
 * @example
 * fullyRecordedArms('runs/gate', ['baseline', 'candidate'], tasks, 1); // Set { 'baseline' }
 */
export function fullyRecordedArms(
  dir: string,
  arms: readonly string[],
  tasks: readonly Task[],
  repeats: number,
): Set<string> {
  const rollouts = tasks.length * repeats;
  const done = recordedCounts(dir, arms, tasks, repeats);
  return new Set(arms.filter((arm) => rollouts > 0 && done.get(arm) === rollouts));
}
