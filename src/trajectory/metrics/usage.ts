import type { Trajectory } from '../trajectory.js';

/** Tokens a run spent. `reasoning` is a slice of `completion` and `cached` of `prompt`, never added. */
export interface UsageTotals {
  readonly prompt: number;
  readonly completion: number;
  /** `null` when no message reported a reasoning count. */
  readonly reasoning: number | null;
  /** `null` when no message reported a cached count. */
  readonly cached: number | null;
  /** Messages (distinct ids) that recorded usage. */
  readonly messages: number;
  /** Sum of endpoint-quoted costs, once per message id; `null` when no endpoint quoted one. */
  readonly cost_usd: number | null;
}

/**
 * Usage counted once per model message id: a message split over several lines (Claude Code's
 * parallel tool use) repeats its usage, and the first record that carries usage is the one counted.
 * A run-level usage the agent reported (`result.usage`, Claude Code's result line) is its own total
 * and wins over the sums. `null` when neither recorded usage.
 *
 * @example
 * usageTotals(trajectory); // { prompt: 1200, completion: 80, reasoning: 30, cached: null, messages: 2, cost_usd: null }
 */
export function usageTotals(trajectory: Trajectory): UsageTotals | null {
  const counted = new Set<string>();
  const costed = new Set<string>();
  let prompt = 0;
  let completion = 0;
  let reasoning: number | null = null;
  let cached: number | null = null;
  let cost: number | null = null;
  for (const message of trajectory.messages) {
    if (message.cost_usd !== undefined && !costed.has(message.id)) {
      costed.add(message.id);
      cost = (cost ?? 0) + message.cost_usd;
    }
    const usage = message.usage;
    if (usage === undefined || counted.has(message.id)) continue;
    counted.add(message.id);
    prompt += usage.prompt;
    completion += usage.completion;
    if (usage.reasoning !== undefined) reasoning = (reasoning ?? 0) + usage.reasoning;
    if (usage.cached !== undefined) cached = (cached ?? 0) + usage.cached;
  }
  const run = trajectory.result.usage;
  if (counted.size === 0 && run === undefined) return null;
  // A run-level cost (Claude Code's total_cost_usd) is the endpoint's own total: it wins over a sum.
  const runCost = trajectory.result.cost_usd;
  const cost_usd = runCost ?? cost;
  if (run !== undefined) {
    return {
      prompt: run.prompt,
      completion: run.completion,
      reasoning: run.reasoning ?? null,
      cached: run.cached ?? null,
      messages: counted.size,
      cost_usd,
    };
  }
  return { prompt, completion, reasoning, cached, messages: counted.size, cost_usd };
}
