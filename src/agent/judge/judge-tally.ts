import type { CompletionResult } from '../llm/providers/chat-provider.js';

/** What a judge's completion requests cost so far: the part of a verdict a ledger books. */
export interface JudgeTally {
  /** Completion requests made. */
  calls: number;
  usage: { prompt: number; completion: number } | null;
  /** Sum of endpoint-quoted costs; `null` when none was quoted. */
  cost_usd: number | null;
}

/**
 * Adds one completion to a verdict's tally (in place): one call, its prompt and completion tokens
 * when reported, its quoted cost when quoted. Unreported usage leaves `null`, never zeros.
 *
 * @example
 * const tally = { calls: 0, usage: null, cost_usd: null };
 * tallyCompletion(tally, result); // tally.calls === 1
 */
export function tallyCompletion(tally: JudgeTally, result: CompletionResult): void {
  tally.calls += 1;
  if (result.usage !== undefined) {
    tally.usage = {
      prompt: (tally.usage?.prompt ?? 0) + result.usage.prompt,
      completion: (tally.usage?.completion ?? 0) + result.usage.completion,
    };
  }
  if (result.cost_usd !== undefined) tally.cost_usd = (tally.cost_usd ?? 0) + result.cost_usd;
}
