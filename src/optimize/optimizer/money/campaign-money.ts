import {
  type ChatMessage,
  type CompletionResult,
  type LedgerLine,
  promptTokens,
  type TokenCap,
} from '../../../agent/index.js';
import { AgentTrackError } from '../../../core/index.js';
import type { SpendLedger } from '../../campaign/spend/spend-ledger.js';
import { rolloutCost, tokensUsd } from '../../campaign/spend/usd.js';
import type { CampaignConfig } from '../config/config-schema.js';
import {
  CALL_TOKENS,
  type CallKind,
  type CampaignPrices,
  callUsd,
  createEstimate,
  rolloutTokens,
} from './estimate.js';

/** Every paid call of a campaign goes through this: reserved at its worst case, then settled. */
export interface CampaignMoney {
  /** Books one rollout of at most `turns` turns (counted against `budgets.max_rollouts`); returns its ledger key. */
  reserveRollout(key: string, turns?: number): string;
  /** The tokens a rollout of `turns` tool turns is booked at: the most the agent loop lets it use. */
  rolloutCap(turns?: number): TokenCap;
  settleRollout(key: string, line: LedgerLine | undefined): void;
  /** Settles a booked rollout that never started at $0. */
  releaseRollout(key: string): void;
  /**
   * Books one proposer call, or one judged sample (counted against `budgets.max_judge_calls`), for
   * these messages; `requests` is the most requests it may take (a judge re-asks once).
   */
  reserveCall(
    kind: 'proposer' | 'judge',
    key: string,
    messages: readonly ChatMessage[],
    maxTokens: number | null,
    requests?: number,
  ): string;
  settleCall(kind: 'proposer' | 'judge', key: string, usage: CompletionResult['usage'] | null): void;
  /** Rollouts booked by this run (not the runs it resumes). */
  rollouts(): number;
  /** What a real run of the same calls would cost (a dry run's tally; a paid run's worst cases). */
  estimate: ReturnType<typeof createEstimate>;
}

function exhausted(message: string, key: string): AgentTrackError {
  return new AgentTrackError('BUDGET_EXHAUSTED', message, { data: { key } });
}

/**
 * The campaign's money on its spend ledger. A paid call is reserved before it is made: a rollout at
 * the plan's worst case (`CALL_TOKENS.rollout`), a proposer or judge call at the larger of the
 * assumed and the counted prompt tokens plus the block's `max_tokens` (else the assumed output),
 * at the prices of its model; an unknown price fails closed (`PRICE_UNKNOWN`). Settlement prices
 * the reported usage, or takes the endpoint's quote when higher; a rollout with a turn that
 * reported no usage, or a call with none, keeps its worst case. A dry run reserves $0 and tallies
 * what a real run would pay. Reaching `max_rollouts` or `max_judge_calls` stops like the ceiling.
 *
 * @example
 * const money = campaignMoney({ ledger, prices, dryRun: false, budgets: config.budgets });
 * const key = money.reserveRollout('rollout/ab12/dev/r0/t1');
 */
export function campaignMoney(options: {
  ledger: SpendLedger;
  prices: CampaignPrices;
  dryRun: boolean;
  budgets: CampaignConfig['budgets'];
  /** The agent block's `params.max_tokens` (`null`: the plan's assumed output per turn). */
  agentMaxTokens?: number | null;
}): CampaignMoney {
  const { ledger, prices, dryRun, budgets } = options;
  const maxTokens = options.agentMaxTokens ?? null;
  const estimate = createEstimate(prices, maxTokens);
  let rollouts = 0;
  const price = (kind: CallKind, usd: number | null, key: string): number => {
    if (dryRun) return 0;
    if (usd === null)
      throw new AgentTrackError(
        'PRICE_UNKNOWN',
        `No ${kind} price for ${key}: a paid call fails closed (pass the ${kind === 'rollout' ? '' : `--${kind}-`}usd-per-1m-input and -output flags)`,
        { data: { key, kind } },
      );
    return usd;
  };
  return {
    estimate,
    rollouts: () => rollouts,
    rolloutCap: (turns) => rolloutTokens({ ...(turns === undefined ? {} : { turns }), maxTokens }),
    reserveRollout(key, turns) {
      if (ledger.calls('rollout') + 1 > budgets.max_rollouts)
        throw exhausted(`\`budgets.max_rollouts\` ${budgets.max_rollouts} would be crossed by ${key}`, key);
      const booked = ledger.reserve(
        'rollout',
        key,
        1,
        price(
          'rollout',
          callUsd(
            'rollout',
            prices.rollout,
            rolloutTokens({ ...(turns === undefined ? {} : { turns }), maxTokens }),
          ),
          key,
        ),
      );
      estimate.add('rollout', 1);
      rollouts++;
      return booked;
    },
    settleRollout(key, line) {
      if (dryRun || line === undefined) return;
      const usd = rolloutCost(line, prices.rollout);
      if (usd !== null) ledger.settle(key, usd);
    },
    releaseRollout(key) {
      ledger.settle(key, 0);
      // Never run: neither this run's count nor the estimate of what a real run pays includes it.
      estimate.add('rollout', -1);
      rollouts--;
    },
    reserveCall(kind, key, messages, maxTokens, requests = 1) {
      if (kind === 'judge' && ledger.calls('judge') + 1 > budgets.max_judge_calls)
        throw exhausted(
          `\`budgets.max_judge_calls\` ${budgets.max_judge_calls} would be crossed by ${key}`,
          key,
        );
      const input = Math.max(CALL_TOKENS[kind].input, Math.ceil(promptTokens(messages, []) * 1.25));
      const output = maxTokens ?? CALL_TOKENS[kind].output;
      const each = tokensUsd(input, output, prices[kind]);
      const booked = ledger.reserve(kind, key, 1, price(kind, each === null ? null : each * requests, key));
      estimate.add(kind, 1);
      return booked;
    },
    settleCall(kind, key, usage) {
      if (dryRun || usage == null) return;
      const usd = tokensUsd(usage.prompt, usage.completion, prices[kind]);
      // Usage missing a count (an endpoint that reports only prompt tokens) prices as NaN: the worst case stands.
      if (usd !== null && Number.isFinite(usd)) ledger.settle(key, usd);
    },
  };
}
