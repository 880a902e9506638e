import type { ModelUsage } from '../schema.js';
import type { Trajectory } from '../trajectory.js';

/**
 * Where a run's usage was read: the agent's per-model bill (Claude Code's `modelUsage`), its own
 * run total (Claude Code's result line `usage`), or the model messages, once per message id.
 */
export type UsageSource = 'model_usage' | 'result' | 'messages';

/** Tokens a run spent. `reasoning` is a slice of `completion` and `cached` of `prompt`, never added. */
export interface UsageTotals {
  readonly prompt: number;
  readonly completion: number;
  /** `null` when the source reported no reasoning count. */
  readonly reasoning: number | null;
  /** `null` when the source reported no cached count. */
  readonly cached: number | null;
  /** Messages (distinct ids) that recorded usage. */
  readonly messages: number;
  /**
   * The run's cost: the per-model costs summed when that is the source (each model quoted one),
   * else the run's quoted cost (Claude Code's `total_cost_usd`), else the messages' quoted costs
   * once per id; `null` when nothing quoted one.
   */
  readonly cost_usd: number | null;
  /** Which record the numbers come from (the first that counted any token, in the order of `UsageSource`). */
  readonly source: UsageSource;
  /** The per-model breakdown when `source` is `model_usage`; `null` otherwise. */
  readonly by_model: Readonly<Record<string, ModelUsage>> | null;
}

/** What the usage metric reads of a trajectory (an importer has these before anything is written). */
export type UsageRecord = Pick<Trajectory, 'messages'> & {
  readonly result: Pick<Trajectory['result'], 'usage' | 'usage_by_model' | 'cost_usd'>;
};

interface Figures {
  readonly prompt: number;
  readonly completion: number;
  readonly reasoning: number | null;
  readonly cached: number | null;
  readonly cost_usd: number | null;
}

const add = (sum: number | null, value: number | undefined): number | null =>
  value === undefined ? sum : (sum ?? 0) + value;

// Each source the record holds, in the order they are trusted; absent sources are left out.
function sources(record: UsageRecord): { source: UsageSource; figures: Figures }[] {
  const out: { source: UsageSource; figures: Figures }[] = [];
  const runCost = record.result.cost_usd ?? null;
  const byModel = Object.values(record.result.usage_by_model ?? {});
  if (byModel.length > 0) {
    const costs = byModel.map((model) => model.cost_usd);
    let cached: number | null = null;
    for (const model of byModel) cached = add(cached, model.cached);
    out.push({
      source: 'model_usage',
      figures: {
        prompt: byModel.reduce((sum, model) => sum + model.prompt, 0),
        completion: byModel.reduce((sum, model) => sum + model.completion, 0),
        reasoning: null,
        cached,
        // Recomputed from the bill when every model quoted its cost; else the run's own figure.
        cost_usd: costs.every((cost) => cost !== undefined)
          ? costs.reduce((sum: number, cost) => sum + cost!, 0)
          : runCost,
      },
    });
  }
  const counted = new Set<string>();
  const costed = new Set<string>();
  let prompt = 0;
  let completion = 0;
  let reasoning: number | null = null;
  let cached: number | null = null;
  let cost: number | null = null;
  for (const message of record.messages) {
    if (message.cost_usd !== undefined && !costed.has(message.id)) {
      costed.add(message.id);
      cost = (cost ?? 0) + message.cost_usd;
    }
    const usage = message.usage;
    if (usage === undefined || counted.has(message.id)) continue;
    counted.add(message.id);
    prompt += usage.prompt;
    completion += usage.completion;
    reasoning = add(reasoning, usage.reasoning);
    cached = add(cached, usage.cached);
  }
  const run = record.result.usage;
  if (run !== undefined) {
    out.push({
      source: 'result',
      figures: {
        prompt: run.prompt,
        completion: run.completion,
        reasoning: run.reasoning ?? null,
        cached: run.cached ?? null,
        cost_usd: runCost ?? cost,
      },
    });
  }
  if (counted.size > 0) {
    out.push({
      source: 'messages',
      figures: { prompt, completion, reasoning, cached, cost_usd: runCost ?? cost },
    });
  }
  return out;
}

function messageCount(record: UsageRecord): number {
  return new Set(record.messages.filter((m) => m.usage !== undefined).map((m) => m.id)).size;
}

// The source counted: the first that counted any token (a result line of 0 and 0 beside a cost
// counted nothing), else the first there is.
function chosen(all: ReturnType<typeof sources>) {
  return all.find(({ figures }) => figures.prompt + figures.completion > 0) ?? all[0];
}

/**
 * The run's tokens and cost from the source that bills: the per-model usage (summed, with the
 * breakdown), else the run's own total, else the model messages once per message id (a message
 * split over several lines, as Claude Code's parallel tool use, repeats its usage: the first record
 * that carries usage is counted). `source` names the one read. `null` when none recorded usage.
 *
 * @example
 * usageTotals(trajectory); // { prompt: 1200, completion: 80, reasoning: 30, cached: null, messages: 2, cost_usd: null, source: 'messages', by_model: null }
 */
export function usageTotals(record: UsageRecord): UsageTotals | null {
  const pick = chosen(sources(record));
  if (pick === undefined) return null;
  return {
    ...pick.figures,
    messages: messageCount(record),
    source: pick.source,
    by_model: pick.source === 'model_usage' ? { ...record.result.usage_by_model } : null,
  };
}

/** How each source is named in a warning (an importer passes its format's names). */
export type UsageSourceLabels = Readonly<Record<UsageSource, string>>;

const GENERIC_LABELS: UsageSourceLabels = {
  model_usage: 'the per-model usage',
  result: "the run's usage",
  messages: "the messages' usage (once per id)",
};

/** The tolerance beyond which two sources disagree: 1% of the larger figure. */
export const USAGE_TOLERANCE = 0.01;

const apart = (a: number, b: number): boolean =>
  Math.abs(a - b) > USAGE_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));

const tokens = (f: Figures) => `prompt ${f.prompt}, completion ${f.completion} tokens`;

/**
 * One sentence per source that disagrees with the one counted by more than 1% (prompt or completion
 * tokens; and the recomputed per-model cost against the run's quoted cost), naming both figures.
 *
 * @example
 * usageDisagreements(run);
 * // ["the per-model usage (prompt 92217, completion 1857 tokens) is counted; the run's usage says prompt 89394, completion 1587 tokens"]
 */
export function usageDisagreements(
  record: UsageRecord,
  labels: UsageSourceLabels = GENERIC_LABELS,
): string[] {
  const all = sources(record);
  const pick = chosen(all);
  if (pick === undefined) return [];
  const out: string[] = [];
  const counted = `${labels[pick.source]} (${tokens(pick.figures)}) is counted`;
  for (const other of all) {
    if (other === pick) continue;
    const a = pick.figures;
    const b = other.figures;
    if (apart(a.prompt, b.prompt) || apart(a.completion, b.completion))
      out.push(`${counted}; ${labels[other.source]} says ${tokens(b)}`);
  }
  const runCost = record.result.cost_usd;
  const cost = pick.figures.cost_usd;
  if (pick.source === 'model_usage' && runCost !== undefined && cost !== null && apart(cost, runCost)) {
    out.push(
      `${labels.model_usage} costs $${cost} summed over its models; the run's quoted cost is $${runCost}: the sum is counted`,
    );
  }
  return out;
}
