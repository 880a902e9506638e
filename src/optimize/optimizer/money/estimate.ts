import { PLAN_DEFAULTS } from '../../campaign/spend/assumptions.js';
import { formatUsd, type ModelPrices, tokensUsd } from '../../campaign/spend/usd.js';

/**
 * A rollout's worst-case tokens: `turns` turns of the plan's context per turn, each writing at most
 * `maxTokens` (the agent block's `params.max_tokens`; `null`: the plan's assumed output per turn).
 *
 * @example
 * rolloutTokens({ turns: 16, maxTokens: 1000 }); // { input: 64000, output: 16000 }
 */
export function rolloutTokens(options: { turns?: number; maxTokens?: number | null } = {}): {
  input: number;
  output: number;
} {
  const turns = options.turns ?? PLAN_DEFAULTS.turnBudget;
  return {
    input: turns * PLAN_DEFAULTS.contextTokensPerTurn,
    output: turns * (options.maxTokens ?? PLAN_DEFAULTS.outputTokensPerTurn),
  };
}

/** Worst-case tokens of each kind of paid call (the plan's assumptions, stated in the output). */
export const CALL_TOKENS = Object.freeze({
  rollout: {
    input: PLAN_DEFAULTS.turnBudget * PLAN_DEFAULTS.contextTokensPerTurn,
    output: PLAN_DEFAULTS.turnBudget * PLAN_DEFAULTS.outputTokensPerTurn,
  },
  /** The reflective proposer reads the artifact and the worst trajectories, writes one artifact. */
  proposer: { input: 30_000, output: 4_000 },
  judge: { input: 8_000, output: 1_000 },
});

export type CallKind = keyof typeof CALL_TOKENS;

/** Prices of the three models a campaign pays for (the proposer's and judge's default to the agent's when they are the same model). */
export interface CampaignPrices {
  rollout: ModelPrices;
  proposer: ModelPrices;
  judge: ModelPrices;
}

const UNKNOWN: ModelPrices = { inputPer1m: null, outputPer1m: null };

/**
 * A campaign's prices from the given ones: the agent's (unknown when not given); the proposer's
 * and judge's when given, else the agent's when they are the same model, else unknown.
 *
 * @example
 * campaignPrices({ model: 'm', proposer: { model: 'p' } }, { prices: { inputPer1m: 1, outputPer1m: 5 } }).proposer; // unknown
 */
export function campaignPrices(
  config: { model: string; proposer: { model: string }; judge?: { model: string } | undefined },
  given: { prices?: ModelPrices; proposerPrices?: ModelPrices; judgePrices?: ModelPrices },
): CampaignPrices {
  const rollout = given.prices ?? UNKNOWN;
  const same = (model: string | undefined) => (model === config.model ? rollout : UNKNOWN);
  return {
    rollout,
    proposer: given.proposerPrices ?? same(config.proposer.model),
    judge: given.judgePrices ?? same(config.judge?.model),
  };
}

/**
 * The worst-case dollars of one call of a kind at given prices; `null` when a price is unknown.
 *
 * @example
 * callUsd('rollout', { inputPer1m: 1, outputPer1m: 5 }); // 12 * 4000 / 1e6 * 1 + 12 * 500 / 1e6 * 5 = 0.078
 */
export function callUsd(
  kind: CallKind,
  prices: ModelPrices,
  tokens: { input: number; output: number } = CALL_TOKENS[kind],
): number | null {
  return tokensUsd(tokens.input, tokens.output, prices);
}

/** What a real run would cost: counted calls, priced when the prices are known. */
export interface CostEstimate {
  calls: Record<CallKind, number>;
  /** `null` when some needed price is unknown. */
  usd: number | null;
  /** The kinds of call counted whose model has no price. */
  unpriced: CallKind[];
}

/** A running tally of calls a real run would have paid for. */
export function createEstimate(
  prices: CampaignPrices,
  /** The agent block's `params.max_tokens`: a rollout's output bound per turn. */
  agentMaxTokens: number | null = null,
): {
  add(kind: CallKind, count: number): void;
  value(): CostEstimate;
} {
  const calls: Record<CallKind, number> = { rollout: 0, proposer: 0, judge: 0 };
  return {
    add: (kind, count) => {
      calls[kind] += count;
    },
    value() {
      let usd: number | null = 0;
      const unpriced: CallKind[] = [];
      for (const kind of Object.keys(calls) as CallKind[]) {
        if (calls[kind] === 0) continue;
        const each = callUsd(
          kind,
          prices[kind],
          kind === 'rollout' ? rolloutTokens({ maxTokens: agentMaxTokens }) : CALL_TOKENS[kind],
        );
        if (each === null) unpriced.push(kind);
        usd = usd === null || each === null ? null : usd + each * calls[kind];
      }
      return { calls: { ...calls }, usd, unpriced };
    },
  };
}

/**
 * An estimate as text: dollars, or `unknown` naming the flags that would price it.
 *
 * @example
 * estimateText({ calls: { rollout: 10, proposer: 2, judge: 0 }, usd: null, unpriced: ['proposer'] });
 * // '10 rollouts, 2 proposer calls, 0 judge calls: cost unknown (pass --proposer-usd-per-1m-input and --proposer-usd-per-1m-output)'
 */
export function estimateText(estimate: CostEstimate): string {
  const { rollout, proposer, judge } = estimate.calls;
  const flags = estimate.unpriced
    .map((kind) => {
      const prefix = kind === 'rollout' ? '--' : `--${kind}-`;
      return `${prefix}usd-per-1m-input and ${prefix}usd-per-1m-output`;
    })
    .join(', ');
  const cost =
    estimate.usd === null ? `cost unknown (pass ${flags})` : `about ${formatUsd(estimate.usd)} at worst`;
  return `${rollout} rollouts, ${proposer} proposer calls, ${judge} judge calls: ${cost}`;
}
