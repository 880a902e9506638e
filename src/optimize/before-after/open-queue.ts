import type { QueueTarget } from '../../core/index.js';
import type { ServingConfig } from '../../product/index.js';
import type { RolloutSettings } from '../campaign/harness-args.js';
import type { RolloutRunner } from '../campaign/rollout-runner.js';
import type { Plan } from './plan-schema.js';

/**
 * A before-after's rollouts as jobs on a queue: the campaign keyed by its directory and what its
 * plan fixes (arms and commits, model, LLM block, turn budget, repeats), so a resume finds its own
 * jobs. The queue's modules load only here.
 *
 * @example
 * const runner = await openBeforeAfterQueue({ target, dir, plan, repo, blockFile, settings, ingestion, standIn: null, log });
 */
export async function openBeforeAfterQueue(options: {
  target: QueueTarget;
  dir: string;
  plan: Plan;
  repo: string;
  blockFile: string;
  settings: RolloutSettings;
  ingestion: ServingConfig['ingestion'];
  standIn: { salted: boolean } | null;
  log: (line: string) => void;
}): Promise<RolloutRunner> {
  const { campaignKey, openQueueRunner } = await import('../campaign/remote/queue-runner.js');
  const { plan, ...rest } = options;
  return openQueueRunner({
    ...rest,
    model: plan.model,
    campaign: campaignKey(options.dir, {
      arms: plan.arms.map((arm) => [arm.arm, arm.commit.sha]),
      model: plan.model,
      block: plan.llm_block.hash,
      turns: plan.turn_budget,
      repeats: plan.tasks.repeats,
    }),
  });
}
