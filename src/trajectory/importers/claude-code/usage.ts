import type { ModelUsage, Usage } from '../../schema.js';
import type { ClaudeModelUsage, ClaudeUsage } from './schema.js';

/** Anthropic usage to ours: prompt includes cache reads and writes; `cached` is the cache-read slice. */
export function toUsage(usage: ClaudeUsage | null): Usage | undefined {
  if (usage === null || (usage.input_tokens === undefined && usage.output_tokens === undefined))
    return undefined;
  const read = usage.cache_read_input_tokens ?? undefined;
  const prompt = (usage.input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + (read ?? 0);
  return { prompt, completion: usage.output_tokens ?? 0, ...(read === undefined ? {} : { cached: read }) };
}

/**
 * The result line's `modelUsage` to ours, per model: prompt includes cache reads and writes, as in
 * `toUsage`. A model entry that counts no token (`{}`) is left out; `undefined` when none counts.
 */
export function toModelUsage(
  models: Record<string, ClaudeModelUsage> | null | undefined,
): Record<string, ModelUsage> | undefined {
  const out: Record<string, ModelUsage> = {};
  for (const [model, usage] of Object.entries(models ?? {})) {
    if (usage.inputTokens === undefined && usage.outputTokens === undefined) continue;
    const read = usage.cacheReadInputTokens;
    out[model] = {
      prompt: (usage.inputTokens ?? 0) + (usage.cacheCreationInputTokens ?? 0) + (read ?? 0),
      completion: usage.outputTokens ?? 0,
      ...(read === undefined ? {} : { cached: read }),
      ...(usage.costUSD === undefined ? {} : { cost_usd: usage.costUSD }),
    };
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

/** How Claude Code names each usage source in a warning. */
export const CLAUDE_USAGE_LABELS = {
  model_usage: "the result line's `modelUsage`",
  result: "the result line's `usage`",
  messages: "the assistant messages' usage (once per message id)",
} as const;
