/** The parts of an `OptimizationResult` (result.ts, which writes the file) the metrics read. */
export interface ResultMetricsInput {
  rounds: number;
  rollouts: number;
  campaign_rollouts: number;
  spend: { usd: number };
  incumbent: { search_mean: number | null };
  candidates: readonly unknown[];
  confirmations: readonly { decision: string; delta: number | null; pvalue: number | null; pairs: number }[];
  stopped_by: 'ceiling' | null;
}

/**
 * An optimizer campaign as a DVC-style metrics file (`metrics.json`, flat keys, numbers or
 * `null`): rounds, rollouts and dollars, the incumbent's search-slice score, proposals and held-out
 * confirmations (how many, how many accepted), and the last confirmation's delta and p.
 *
 * @example
 * flatResultMetrics(result)['confirmations.accepted']; // 1
 */
export function flatResultMetrics(result: ResultMetricsInput): Record<string, number | null> {
  const last = result.confirmations.at(-1);
  return {
    rounds: result.rounds,
    rollouts: result.rollouts,
    campaign_rollouts: result.campaign_rollouts,
    'spend.usd': result.spend.usd,
    'incumbent.search_mean': result.incumbent.search_mean,
    candidates: result.candidates.length,
    confirmations: result.confirmations.length,
    'confirmations.accepted': result.confirmations.filter((c) => c.decision === 'accepted').length,
    'confirmation.last.delta': last?.delta ?? null,
    'confirmation.last.p': last?.pvalue ?? null,
    'confirmation.last.pairs': last?.pairs ?? null,
    stopped_by_ceiling: result.stopped_by === 'ceiling' ? 1 : 0,
  };
}
