import { blockKey, type LlmBlock } from '../../agent/index.js';
import { AgentTrackError, invalidOption } from '../../core/index.js';
import { crossesCeiling, openSpendLedger, type SpendLedger } from '../campaign/spend/spend-ledger.js';
import { formatUsd } from '../campaign/spend/usd.js';
import type { Plan } from './plan-schema.js';

export interface SpendGate {
  confirmSpend: boolean;
  maxUsd: number | null;
  buildIndexes?: boolean;
}

/**
 * The checks before anything that costs money starts, all before any process is spawned: nothing
 * runs without `--confirm-spend`; with `--max-usd` set, every price the run needs must be known
 * (fail closed, naming the missing flag), an index build must fit under the ceiling, and so must
 * the cheapest arm's rollout at the plan's bound (a ceiling below one rollout is a budget floor:
 * refused, exit 2, rather than a run that stops before its first rollout).
 *
 * @example
 * assertSpendAllowed(plan, { confirmSpend: true, maxUsd: 5 });
 */
export function assertSpendAllowed(plan: Plan, gate: SpendGate): void {
  if (!gate.confirmSpend) {
    throw new AgentTrackError(
      'SPEND_NOT_CONFIRMED',
      `Nothing that costs money runs without \`--confirm-spend\`: this plan estimates ${formatUsd(plan.totals.usd)}${
        plan.unknown_prices.length > 0 ? ` with ${plan.unknown_prices.join(', ')} unknown` : ''
      }`,
      { data: { usd: plan.totals.usd } },
    );
  }
  if (gate.maxUsd === null) return;
  if (!Number.isFinite(gate.maxUsd) || gate.maxUsd < 0) {
    throw invalidOption('max-usd', 'a non-negative number of dollars', gate.maxUsd);
  }
  const needed = plan.unknown_prices.filter(
    (flag) => flag !== '--usd-per-1m-embed' || gate.buildIndexes === true,
  );
  if (needed.length > 0) throw priceUnknown(gate.maxUsd, needed);
  if (gate.buildIndexes === true && crossesCeiling(plan.corpora.embed_usd, gate.maxUsd)) {
    throw new AgentTrackError(
      'SPEND_CEILING_BELOW_BUILD',
      `\`--max-usd ${gate.maxUsd}\` does not cover building the missing indexes (${formatUsd(plan.corpora.embed_usd)})`,
      { data: { max_usd: gate.maxUsd, index_build_usd: plan.corpora.embed_usd } },
    );
  }
  const cheapest = Math.min(...plan.arms.map((arm) => arm.usd_per_rollout));
  const build = gate.buildIndexes === true ? plan.corpora.embed_usd : 0;
  if (plan.arms.length > 0 && cheapest > 0 && crossesCeiling(build + cheapest, gate.maxUsd)) {
    throw new AgentTrackError(
      'SPEND_CEILING_BELOW_ONE_ROLLOUT',
      `\`--max-usd ${gate.maxUsd}\` does not cover one rollout (${formatUsd(cheapest)} at the plan's bound${build > 0 ? `, after ${formatUsd(build)} of index builds` : ''}): raise it, or lower \`--turn-budget\` or \`--context-tokens-per-turn\``,
      { data: { max_usd: gate.maxUsd, usd_per_rollout: cheapest, index_build_usd: build } },
    );
  }
}

function priceUnknown(maxUsd: number, flags: string[]): AgentTrackError {
  return new AgentTrackError(
    'SPEND_PRICE_UNKNOWN',
    `\`--max-usd ${maxUsd}\` cannot be enforced while a price is unknown: give ${flags.map((flag) => `\`${flag}\``).join(', ')}`,
    { data: { max_usd: maxUsd, missing: flags } },
  );
}

/**
 * The refusals a paid run can make from its flags and block alone, made before either arm's
 * worktree is set up (an install can take minutes): a ceiling with the model's input or output
 * price unknown, and a key the block names that the environment lacks. The gate proper
 * (`assertSpendAllowed`) runs again on the measured plan.
 *
 * @example
 * refuseBeforeSetup({ maxUsd: 5, prices: { inputPer1m: 1, outputPer1m: null }, block }); // throws SPEND_PRICE_UNKNOWN
 */
export function refuseBeforeSetup(input: {
  maxUsd: number | null;
  prices: { inputPer1m?: number | null; outputPer1m?: number | null } | undefined;
  block: LlmBlock;
}): void {
  const missing = [
    ...(input.prices?.inputPer1m == null ? ['--usd-per-1m-input'] : []),
    ...(input.prices?.outputPer1m == null ? ['--usd-per-1m-output'] : []),
  ];
  if (input.maxUsd !== null && missing.length > 0) throw priceUnknown(input.maxUsd, missing);
  blockKey(input.block, process.env);
}

/**
 * The campaign's spend ledger after the gate (`<dir>/spend.jsonl`, what earlier runs of the same
 * campaign spent included): the index-build estimate comes off the ceiling first when building,
 * then the arms share what is left, rollout by rollout.
 *
 * @example
 * const spend = openCampaignSpend(plan, { confirmSpend: true, maxUsd: 5, buildIndexes: true, file: 'runs/demo/spend.jsonl' });
 */
export function openCampaignSpend(plan: Plan, gate: SpendGate & { file: string }): SpendLedger {
  assertSpendAllowed(plan, gate);
  const spend = openSpendLedger(gate.file, { ceilingUsd: gate.maxUsd });
  if (gate.buildIndexes === true && plan.corpora.embed_usd > 0) {
    const before = spend.spentUsd();
    if (spend.tryReserve('index_build', 'corpora', 1, plan.corpora.embed_usd) === null) {
      throw new AgentTrackError(
        'SPEND_CEILING_BELOW_BUILD',
        `\`--max-usd ${gate.maxUsd}\` does not cover building the missing indexes (${formatUsd(plan.corpora.embed_usd)}) after ${formatUsd(before)} already booked`,
        { data: { max_usd: gate.maxUsd, index_build_usd: plan.corpora.embed_usd } },
      );
    }
  }
  return spend;
}
