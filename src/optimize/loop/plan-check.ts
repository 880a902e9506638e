import type { LoadedCampaign } from '../search/load-campaign.js';
import type { CampaignSlices } from './campaign-inputs.js';
import { callUsd, createEstimate, estimateText, type ModelPrices } from './estimate.js';

/** Whether the least a campaign needs fits its budget, and what the budget covers when it does not. */
export interface BudgetCheck {
  ok: boolean;
  /** The plan's lines, ready to print. */
  lines: string[];
}

/**
 * The plan of a campaign and the check before it starts: the budget must cover the incumbent's
 * evaluation on the search slice, k proposals and one confirmation (incumbent and candidate on the
 * held-out slice). Unknown prices fail closed. A dry run pays nothing, so only the lines matter.
 *
 * @example
 * const { ok, lines } = planCheck(loaded, slices, { ceiling: 20, prices, rounds: 6, candidates: 4 });
 */
export function planCheck(
  loaded: LoadedCampaign,
  slices: CampaignSlices,
  options: { ceiling: number; prices: ModelPrices; rounds: number; candidates: number },
): BudgetCheck {
  const { config } = loaded;
  const k = options.candidates;
  const search = slices.search.tasks.length * config.repeats;
  const accept = slices.acceptance.tasks.length * config.repeats;
  const proposals = loaded.paths.artifact === null ? 0 : k;
  const minimum = createEstimate(options.prices, options.prices);
  minimum.add('rollout', search + 2 * accept);
  minimum.add('proposer', proposals);
  const need = minimum.value();
  const lines = [
    `Plan: optimize ${config.axis} on ${slices.search.name} (${slices.search.tasks.length} tasks), confirm on ${slices.acceptance.name} (${slices.acceptance.tasks.length} tasks)`,
    `  up to ${options.rounds} round(s) of ${k} candidate(s), screening minibatch ${config.search.screening.minibatch}, eta ${config.search.screening.eta}; alpha ${config.acceptance.alpha} over at most ${config.acceptance.max_confirmations} confirmation(s), margin ${config.acceptance.margin}`,
    `  model ${config.model}, proposer ${config.proposer.model}; ceiling $${options.ceiling.toFixed(2)}, at most ${config.budgets.max_rollouts} rollouts`,
    `  the least a real run needs (incumbent, ${proposals} proposals, one confirmation): ${estimateText(need)}`,
  ];
  let ok = need.calls.rollout <= config.budgets.max_rollouts;
  if (!ok)
    lines.push(`  \`budgets.max_rollouts\` ${config.budgets.max_rollouts} is below ${need.calls.rollout}`);
  if (need.usd === null) {
    ok = false;
    lines.push('  prices unknown: a paid run fails closed');
  } else if (need.usd > options.ceiling) {
    ok = false;
    const rollout = callUsd('rollout', options.prices)!;
    const covered = rollout > 0 ? Math.floor(options.ceiling / rollout) : Number.POSITIVE_INFINITY;
    lines.push(
      `  the ceiling covers about ${covered} rollout(s), not the ${need.calls.rollout} of the incumbent's evaluation and one confirmation`,
    );
  }
  return { ok, lines };
}
