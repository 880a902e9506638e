import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { LoadedLlmBlock } from '../../agent/index.js';
import { AgentTrackError, invalidOption, issueParts } from '../../core/index.js';
import { type DecisionRule, recordedRule } from '../../report/index.js';
import { METRIC_COLUMNS } from '../../trajectory/index.js';
import type { CommitInfo } from '../campaign/arms/commits.js';
import { campaignPaths } from '../campaign/campaign-dir.js';
import { PLAN_DEFAULTS } from '../campaign/spend/assumptions.js';
import { type ArmPlan, type Assumption, type CorpusPlan, type Plan, planSchema } from './plan-schema.js';
import { renderPlan } from './plan-text.js';

export interface PlanInput {
  campaign: string;
  /** `repeats`: rollouts per task per arm (default 1); the paired unit stays the task. */
  tasks: { count: number; split?: string | null; limit?: number | null; repeats?: number };
  /** Each arm's commit and the token count of the tool descriptions its server lists. */
  arms: readonly {
    arm: string;
    commit: CommitInfo;
    descriptionTokens: number;
    /** Where the figure came from (`armToolTokens`); default `server`. */
    descriptionSource?: 'server' | 'cache' | 'artifact' | 'unknown';
  }[];
  model: string;
  llmBlock: Pick<LoadedLlmBlock, 'file' | 'canonical' | 'hash' | 'block'>;
  turnBudget?: number;
  callsPerTurn?: number;
  contextTokensPerTurn?: number;
  outputTokensPerTurn?: number;
  /** Dollars per million tokens; `null` (or absent) is unknown and reads 0 in the dollars. */
  prices?: { inputPer1m?: number | null; outputPer1m?: number | null; embedPer1m?: number | null };
  corpora?: readonly {
    key: string;
    state: CorpusPlan['state'];
    sourceBytes: number;
    reason?: string | null;
  }[];
  buildIndexes?: boolean;
  /** The serving config searches densely (an `embeddings` endpoint): building an index pays for embedding it. */
  embeddings?: boolean;
  /** Row key -> margin (`--margin`): the report's non-inferiority and equivalence tests. */
  margins?: Readonly<Record<string, number>>;
  /** Clusters the tasks fall in (`clusterOf`: a task's `cluster`, else its corpus). */
  clusters?: number;
  /** The looks of a group-sequential run (`--looks K > 1`). */
  looks?: { count: number; spending: 'obrien-fleming' | 'pocock' } | null;
  /** The decision rule (`decisionRule` of `--primary`, `--guard`); default `DEFAULT_DECISION_RULE`. */
  rule?: DecisionRule;
  /** A comparison of N systems: the reference each other system is tested against. */
  comparison?: { reference: string };
}

function nonNegativeInteger(option: string, value: number): number {
  if (!Number.isInteger(value) || value < 0) throw invalidOption(option, 'a non-negative integer', value);
  return value;
}

function price(option: string, value: number | null | undefined): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw invalidOption(option, 'a non-negative number of dollars per million tokens', value);
  }
  return value;
}

const dollars = (tokens: number, per1m: number | null) => (per1m === null ? 0 : (tokens * per1m) / 1_000_000);

/**
 * Builds the plan: what a campaign will run and what it should cost, with every assumption named
 * with the flag that changes it. Pure: commits, description token counts and corpus states come in
 * resolved. Every rollout is assumed to spend its full turn budget, each turn sending the context
 * plus that arm's tool descriptions and receiving the output tokens.
 *
 * @example
 * const plan = buildPlan({ campaign: 'demo', tasks: { count: 10 }, arms, model: 'gpt-4.1-mini', llmBlock });
 * plan.totals.calls; // 2 arms * 10 tasks * 12 turns * 2 calls = 480
 */
export function buildPlan(input: PlanInput): Plan {
  const turnBudget = input.turnBudget ?? PLAN_DEFAULTS.turnBudget;
  if (!Number.isInteger(turnBudget) || turnBudget < 1) {
    throw invalidOption('turn-budget', 'a positive integer', turnBudget);
  }
  const callsPerTurn = nonNegativeInteger('calls-per-turn', input.callsPerTurn ?? PLAN_DEFAULTS.callsPerTurn);
  const context = nonNegativeInteger(
    'context-tokens-per-turn',
    input.contextTokensPerTurn ?? PLAN_DEFAULTS.contextTokensPerTurn,
  );
  const output = nonNegativeInteger(
    'output-tokens-per-turn',
    input.outputTokensPerTurn ?? PLAN_DEFAULTS.outputTokensPerTurn,
  );
  // A rollout is held to the output it is booked at: booked at none, it could not answer.
  if (output < 1)
    throw invalidOption(
      'output-tokens-per-turn',
      'a positive integer (a rollout booked at no output cannot answer)',
      output,
    );
  const taskCount = nonNegativeInteger('limit', input.tasks.count);
  const repeats = input.tasks.repeats ?? 1;
  if (!Number.isInteger(repeats) || repeats < 1)
    throw invalidOption('repeats', 'a positive integer', repeats);
  // Every (arm, task, repeat) is one rollout in the estimate, the ledger and the spend book.
  const tasks = taskCount * repeats;
  const prices = {
    input_per_1m: price('usd-per-1m-input', input.prices?.inputPer1m),
    output_per_1m: price('usd-per-1m-output', input.prices?.outputPer1m),
    embed_per_1m: price('usd-per-1m-embed', input.prices?.embedPer1m),
  };
  if (input.arms.length === 0) throw invalidOption('arms', 'at least one arm', input.arms);
  const names = new Set<string>();
  const arms: ArmPlan[] = input.arms.map((arm) => {
    if (names.has(arm.arm)) throw invalidOption('arms', 'arms with distinct names', arm.arm);
    names.add(arm.arm);
    const description = nonNegativeInteger(`${arm.arm}.descriptionTokens`, arm.descriptionTokens);
    const inputPerRollout = turnBudget * (context + description);
    const outputPerRollout = turnBudget * output;
    const usdPerRollout =
      dollars(inputPerRollout, prices.input_per_1m) + dollars(outputPerRollout, prices.output_per_1m);
    return {
      arm: arm.arm,
      commit: { rev: arm.commit.rev, sha: arm.commit.sha, subject: arm.commit.subject },
      description_tokens: description,
      description_tokens_source: arm.descriptionSource ?? 'server',
      rollouts: tasks,
      calls_per_rollout: turnBudget * callsPerTurn,
      input_tokens_per_rollout: inputPerRollout,
      output_tokens_per_rollout: outputPerRollout,
      usd_per_rollout: usdPerRollout,
      calls: tasks * turnBudget * callsPerTurn,
      input_tokens: tasks * inputPerRollout,
      output_tokens: tasks * outputPerRollout,
      usd: tasks * usdPerRollout,
    };
  });

  const items: CorpusPlan[] = (input.corpora ?? []).map((corpus) => ({
    key: corpus.key,
    state: corpus.state,
    source_bytes: nonNegativeInteger(`corpora.${corpus.key}.sourceBytes`, corpus.sourceBytes),
    reason: corpus.reason ?? null,
  }));
  const toBuild = items.filter((corpus) => corpus.state !== 'valid');
  // Words only: an index is built here and costs nothing; with embeddings, the endpoint reads every source byte.
  const embeds = input.embeddings ?? false;
  const embedTokens = embeds
    ? toBuild.reduce((sum, corpus) => sum + Math.ceil(corpus.source_bytes / 4), 0)
    : 0;
  const embedUsd = dollars(embedTokens, prices.embed_per_1m);
  const buildIndexes = input.buildIndexes ?? false;

  const unknown: string[] = [];
  if (tasks > 0 && prices.input_per_1m === null) unknown.push('--usd-per-1m-input');
  if (tasks > 0 && prices.output_per_1m === null) unknown.push('--usd-per-1m-output');
  if (embeds && toBuild.length > 0 && prices.embed_per_1m === null) unknown.push('--usd-per-1m-embed');

  const assumptions: Assumption[] = [
    {
      key: 'turn_budget',
      value: turnBudget,
      flag: '--turn-budget',
      meaning: 'every rollout spends its full turn budget',
    },
    {
      key: 'calls_per_turn',
      value: callsPerTurn,
      flag: '--calls-per-turn',
      meaning: 'tool calls the model makes each turn',
    },
    {
      key: 'context_tokens_per_turn',
      value: context,
      flag: '--context-tokens-per-turn',
      meaning: "input tokens each turn sends, plus that arm's own tool-description tokens",
    },
    {
      key: 'output_tokens_per_turn',
      value: output,
      flag: '--output-tokens-per-turn',
      meaning: 'output tokens each turn receives',
    },
    {
      key: 'usd_per_1m_input',
      value: prices.input_per_1m,
      flag: '--usd-per-1m-input',
      meaning: 'input price',
    },
    {
      key: 'usd_per_1m_output',
      value: prices.output_per_1m,
      flag: '--usd-per-1m-output',
      meaning: 'output price',
    },
    {
      key: 'usd_per_1m_embed',
      value: prices.embed_per_1m,
      flag: '--usd-per-1m-embed',
      meaning: embeds
        ? 'embedding price; a corpus embeds source bytes / 4 tokens'
        : 'not used: the serving config searches by words only, so building an index costs $0',
    },
  ];

  const rolloutsUsd = arms.reduce((sum, arm) => sum + arm.usd, 0);
  const indexBuildUsd = buildIndexes ? embedUsd : 0;
  const block = input.llmBlock.block;
  return planSchema.parse({
    format: 1,
    campaign: input.campaign,
    tasks: {
      count: taskCount,
      split: input.tasks.split ?? null,
      limit: input.tasks.limit ?? null,
      repeats,
    },
    model: input.model,
    endpoint: { provider: block.provider, base_url: block.base_url },
    llm_block: { file: input.llmBlock.file, canonical: input.llmBlock.canonical, hash: input.llmBlock.hash },
    turn_budget: turnBudget,
    assumptions,
    prices,
    unknown_prices: unknown,
    arms,
    corpora: {
      distinct: items.length,
      valid: items.filter((corpus) => corpus.state === 'valid').length,
      invalid: items.filter((corpus) => corpus.state === 'invalid').length,
      missing: items.filter((corpus) => corpus.state === 'missing').length,
      to_build_source_bytes: toBuild.reduce((sum, corpus) => sum + corpus.source_bytes, 0),
      embeds,
      embed_tokens: embedTokens,
      embed_usd: embedUsd,
      build_indexes: buildIndexes,
      items,
    },
    totals: {
      rollouts: arms.reduce((sum, arm) => sum + arm.rollouts, 0),
      calls: arms.reduce((sum, arm) => sum + arm.calls, 0),
      input_tokens: arms.reduce((sum, arm) => sum + arm.input_tokens, 0),
      output_tokens: arms.reduce((sum, arm) => sum + arm.output_tokens, 0),
      rollouts_usd: rolloutsUsd,
      index_build_usd: indexBuildUsd,
      usd: rolloutsUsd + indexBuildUsd,
    },
    metrics: METRIC_COLUMNS.map((column) => column.key),
    margins: input.margins ?? {},
    decision_rule: recordedRule(input.rule),
    looks: input.looks ?? null,
    clusters: input.clusters ?? 1,
    comparison: input.comparison ?? null,
  });
}

/**
 * Writes `plan.json` and its printed form `plan.txt` into the campaign directory.
 *
 * @example
 * writePlan('runs/demo', plan);
 */
export function writePlan(dir: string, plan: Plan): void {
  const paths = campaignPaths(dir);
  mkdirSync(dir, { recursive: true });
  writeFileSync(paths.plan, `${JSON.stringify(plan, null, 2)}\n`);
  writeFileSync(paths.planText, renderPlan(plan));
}

/**
 * Reads a campaign's `plan.json` back (strict).
 *
 * @example
 * readPlan('runs/demo/plan.json').totals.usd;
 */
export function readPlan(file: string): Plan {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AgentTrackError('PLAN_UNREADABLE', `Cannot read the plan \`${file}\``, {
      data: { file },
      cause: error,
    });
  }
  const parsed = planSchema.safeParse(raw);
  if (!parsed.success) {
    const { key, message } = issueParts(parsed.error.issues[0]!, raw);
    throw new AgentTrackError('PLAN_INVALID', `The plan \`${file}\` is invalid at \`${key}\`: ${message}`, {
      data: { file },
      cause: parsed.error,
    });
  }
  return parsed.data;
}
