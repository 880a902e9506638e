import type { CampaignSlices } from '../config/inputs.js';
import type { LoadedCampaign } from '../config/load-config.js';
import type { CandidateSpace } from '../propose/config-enumeration.js';
import { screeningRollouts } from '../screen/screening.js';
import { type CampaignPrices, callUsd, createEstimate, estimateText, rolloutTokens } from './estimate.js';

/** Whether the least a campaign needs fits its budget, and what the budget covers when it does not. */
export interface BudgetCheck {
  ok: boolean;
  /** The plan's lines, ready to print. */
  lines: string[];
  /** Why a paid run would be refused, one clause each (empty when `ok`). */
  refusals: string[];
}

// "up to 2 round(s) of 4 candidate(s)", or each round's count when they differ.
function roundsText(perRound: readonly number[]): string {
  if (perRound.length === 0) return 'no candidate to propose';
  const sizes = new Set(perRound).size === 1 ? String(perRound[0]) : perRound.join(', ');
  return `up to ${perRound.length} round(s) of ${sizes} candidate(s)`;
}

/**
 * The plan of a campaign and the check before it starts, over the candidates it will actually
 * run (`perRound`: each round's count, after an enumeration's merging and sampling): the budget
 * must cover the incumbent's evaluation on the search slice, the first round's proposals, their
 * screening on the search slice (successive halving from the minibatch), one confirmation
 * (incumbent and candidate on the held-out slice), and a judge call per rollout when the
 * objective weights the judge. The most: every round screened, a confirmation per round up to
 * `max_confirmations`. Unknown prices fail closed. A dry run pays nothing, so only the lines matter.
 *
 * @example
 * const { ok, lines } = planCheck(loaded, slices, { ceiling: 20, prices, perRound: [4, 4], space: null, agentMaxTokens: 4096 });
 */
export function planCheck(
  loaded: LoadedCampaign,
  slices: CampaignSlices,
  options: {
    ceiling: number;
    prices: CampaignPrices;
    /** Candidates each round puts up at most (`roundSizes`); its length is the rounds that can run. */
    perRound: readonly number[];
    /** How an enumeration came to its candidates, printed with the plan; `null` for a text axis. */
    space: CandidateSpace | null;
    /** The agent block's `params.max_tokens`; `null`: a rollout's output is unbounded (a paid run fails closed). */
    agentMaxTokens: number | null;
  },
): BudgetCheck {
  const { config } = loaded;
  const rounds = options.perRound.length;
  const k = options.perRound[0] ?? 0;
  const search = slices.search.tasks.length * config.repeats;
  const accept = slices.acceptance.tasks.length * config.repeats;
  const paidProposals = loaded.paths.artifact !== null;
  const proposals = paidProposals ? k : 0;
  const screening = (candidates: number) =>
    screeningRollouts({
      candidates,
      tasks: slices.search.tasks.length,
      minibatch: config.search.screening.minibatch,
      eta: config.search.screening.eta,
      repeats: config.repeats,
    });
  const judged = config.judge !== undefined && config.objective.weights.judge_score > 0;
  const minimum = createEstimate(options.prices, options.agentMaxTokens);
  const least = search + screening(k) + (k > 0 ? 2 * accept : 0);
  minimum.add('rollout', least);
  minimum.add('proposer', proposals);
  if (judged) minimum.add('judge', least);
  const need = minimum.value();
  // The most: every round screens its candidates and confirms at most one, up to the declared m.
  const confirmations = Math.min(config.acceptance.max_confirmations, rounds);
  const most = createEstimate(options.prices, options.agentMaxTokens);
  const rollouts =
    search + options.perRound.reduce((sum, n) => sum + screening(n), 0) + confirmations * 2 * accept;
  most.add('rollout', rollouts);
  most.add('proposer', paidProposals ? options.perRound.reduce((sum, n) => sum + n, 0) : 0);
  if (judged) most.add('judge', Math.min(rollouts, config.budgets.max_judge_calls));
  const lines = [
    `Plan: optimize ${config.axis} on ${slices.search.name} (${slices.search.tasks.length} tasks), confirm on ${slices.acceptance.name} (${slices.acceptance.tasks.length} tasks)`,
    ...(options.space === null ? [] : [`  candidates: ${options.space.summary}`]),
    `  ${roundsText(options.perRound)}, screening minibatch ${config.search.screening.minibatch}, eta ${config.search.screening.eta}; alpha ${config.acceptance.alpha} over at most ${config.acceptance.max_confirmations} confirmation(s), margin ${config.acceptance.margin}`,
    `  model ${config.model}, proposer ${config.proposer.model}; ceiling $${options.ceiling.toFixed(2)}, at most ${config.budgets.max_rollouts} rollouts`,
    `  the least a real run needs (incumbent, ${proposals} proposals, screening ${k} candidate(s), ${k > 0 ? 'one confirmation' : 'no confirmation'}): ${estimateText(need)}`,
    `  the most all ${rounds} round(s) and ${confirmations} confirmation(s) could need, before the ceiling stops it: ${estimateText(most.value())}`,
  ];
  const refusals: string[] = [];
  const refuse = (line: string) => {
    lines.push(line);
    refusals.push(line.trim());
  };
  if (need.calls.rollout > config.budgets.max_rollouts)
    refuse(`  \`budgets.max_rollouts\` ${config.budgets.max_rollouts} is below ${need.calls.rollout}`);
  if (need.calls.judge > config.budgets.max_judge_calls) {
    refuse(`  \`budgets.max_judge_calls\` ${config.budgets.max_judge_calls} is below ${need.calls.judge}`);
  }
  if (options.agentMaxTokens === null) {
    refuse(
      "  the agent's LLM block sets no `params.max_tokens`: a rollout's output has no bound, so a paid run fails closed",
    );
  }
  if (need.usd === null) {
    refuse('  prices unknown: a paid run fails closed');
  } else if (need.usd > options.ceiling) {
    const rollout = callUsd(
      'rollout',
      options.prices.rollout,
      rolloutTokens({ maxTokens: options.agentMaxTokens }),
    )!;
    const covered = rollout > 0 ? Math.floor(options.ceiling / rollout) : Number.POSITIVE_INFINITY;
    refuse(
      `  the ceiling covers about ${covered} rollout(s), not the ${need.calls.rollout} of the incumbent's evaluation, one round's screening and one confirmation, with ${need.calls.proposer} proposer and ${need.calls.judge} judge call(s)`,
    );
  }
  return { ok: refusals.length === 0, lines, refusals };
}
