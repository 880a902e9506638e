/** Prices per million tokens; `null` when unknown (a paid call then fails closed). */
export interface ModelPrices {
  inputPer1m: number | null;
  outputPer1m: number | null;
}

/** Dollars as every plan, log and progress line prints them (the report layer's one format). */
export { formatUsd } from '../../../report/index.js';

/**
 * Dollars for token counts at given prices; `null` when a price is unknown.
 *
 * @example
 * tokensUsd(1_000_000, 0, { inputPer1m: 3, outputPer1m: 15 }); // 3
 */
export function tokensUsd(input: number, output: number, prices: ModelPrices): number | null {
  if (prices.inputPer1m === null || prices.outputPer1m === null) return null;
  return (input / 1e6) * prices.inputPer1m + (output / 1e6) * prices.outputPer1m;
}

/** What a rollout's harness ledger line says it used. */
export interface RolloutUsage {
  turns?: number | null | undefined;
  /** Completion requests it sent (every attempt); older ledgers lack it (then `turns` counts). */
  requests?: number | null | undefined;
  usage?: { prompt: number; completion: number; messages: number } | null | undefined;
  cost_usd?: number | null | undefined;
}

/**
 * What a rollout cost, for settling its reservation: $0 when it sent no request (a rollout that
 * failed first is refunded), else its measured tokens at the prices, or the endpoint's quote when
 * higher. `null` keeps the worst case booked: no usage, a request answered without any (the priced
 * tokens would be too low), or an unknown price.
 *
 * @example
 * rolloutCost({ turns: 2, usage: { prompt: 8000, completion: 600, messages: 2 }, cost_usd: null }, { inputPer1m: 1, outputPer1m: 5 }); // 0.011
 * rolloutCost({ requests: 0, usage: null }, { inputPer1m: 1, outputPer1m: 5 }); // 0
 */
export function rolloutCost(line: RolloutUsage, prices: ModelPrices): number | null {
  if (line.requests === 0) return 0;
  const sent = line.requests ?? line.turns;
  if (line.usage == null || sent == null || line.usage.messages < sent) return null;
  const usd = tokensUsd(line.usage.prompt, line.usage.completion, prices);
  if (usd === null || !Number.isFinite(usd)) return null;
  return Math.max(usd, line.cost_usd ?? 0);
}
