import { z } from 'zod';
import { METRIC_COLUMNS } from '../../../trajectory/index.js';

/**
 * The campaign config of `agent-track optimize` (`configs/optimize/*.yaml`): zod, strict at every
 * level, so a typo is refused by name. Paths are relative to the config file. Types are derived
 * below; the loader (`load-campaign.ts`) names the file and key of a refusal.
 */

/** What a campaign changes: one artifact or one configuration space per campaign. */
export const AXES = [
  'tool_docs',
  'usage_skill',
  'ask_prompt',
  'ask_architecture',
  'retrieval_config',
] as const;
export type Axis = (typeof AXES)[number];

/** The text axes: the artifact is a file the product's manifest names under `artifacts`. */
export const TEXT_AXES = ['tool_docs', 'usage_skill', 'ask_prompt'] as const;

const path = z.string().min(1);
const model = z.string().min(1);
const weight = z.number().min(0).max(100);

export const productRefSchema = z
  .object({
    /** The product's git repository (a directory), relative to this file. */
    repo: path,
    /** Its manifest, relative to `repo`. */
    manifest: path.default('agent-track.product.yaml'),
  })
  .strict();

/** The per-task objective (objective.ts): gates first, then a weighted mean of terms in [0, 1]. */
export const objectiveSchema = z
  .object({
    /** A task failing a gate scores 0 (it is measured, not undefined). */
    gates: z.array(z.enum(['answered', 'gold_reached'])).default([]),
    /** Each term is in [0, 1], higher better; the score is sum(w * term) / sum(w). */
    weights: z
      .object({
        answered: weight.default(0),
        gold_reached: weight.default(0),
        /** Scored as 1 - needless_call_rate. */
        needless_call_rate: weight.default(0),
        /** Scored as 1 / tool_calls_to_first_gold; 0 when the gold was never reached. */
        calls_to_first_gold: weight.default(0),
        /** Scored as 1 / tool_calls_total (fewer calls better); 1 for a run that made none. */
        tool_calls: weight.default(0),
        /** The judge's rubric score, normalized to [0, 1]; needs `judge`. */
        judge_score: weight.default(0),
      })
      .strict(),
  })
  .strict();

export const budgetsSchema = z
  .object({
    max_usd: z.number().positive().max(1_000_000),
    max_rollouts: z.number().int().positive().max(1_000_000),
    max_judge_calls: z.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();

export const screeningSchema = z
  .object({
    /** Tasks of the first rung; survivors go on to eta times as many, up to the whole slice. */
    minibatch: z.number().int().positive(),
    /** Keep the best 1/eta at each rung. */
    eta: z.number().int().min(2).default(2),
  })
  .strict();

export const searchSchema = z
  .object({
    slice: z.enum(['small_dev', 'dev']),
    // Bounded so a typo (1e12) is refused rather than read as "run forever".
    rounds: z.number().int().positive().max(1000),
    candidates_per_round: z.number().int().positive().max(100),
    /** Stop after this many rounds without an acceptance. */
    stall_rounds: z.number().int().positive().default(3),
    screening: screeningSchema,
  })
  .strict();

/** The metrics a guard objective can watch: every metric row with a better direction. */
export const GUARD_METRICS: readonly string[] = METRIC_COLUMNS.filter((c) => c.direction !== 'neither').map(
  (c) => c.key,
);

/**
 * A guard objective: the candidate must be shown no worse than the incumbent on this metric, by
 * `margin` in its units, or by `margin` times the incumbent's held-out mean when `relative`
 * ("steps no worse than +10%": `{metric: tool_calls_total, margin: 0.1, relative: true}`).
 */
export const guardObjectiveSchema = z
  .object({
    metric: z.string().refine((key) => GUARD_METRICS.includes(key), {
      message: `must be a metric with a better direction: ${GUARD_METRICS.join(', ')}`,
    }),
    margin: z.number().positive().max(1e6),
    relative: z.boolean().default(false),
  })
  .strict();

export const acceptanceSchema = z
  .object({
    slice: z.enum(['small_test', 'test']),
    /** Family-wise false-acceptance rate over the whole campaign. */
    alpha: z.number().gt(0).lt(1),
    /** The candidate's mean objective delta over the pairs must exceed this. */
    margin: z.number().min(0),
    /** Pre-declared: the most confirmations the held-out slice will be asked for (Holm's m). */
    max_confirmations: z.number().int().positive(),
    /** Guard objectives: a candidate is accepted only when each is shown non-inferior at its margin. */
    guards: z.array(guardObjectiveSchema).max(20).default([]),
    /** Confirm in K looks over the held-out slice, stopping at a group-sequential boundary (1: the fixed test). */
    looks: z.number().int().min(1).max(10).default(1),
    /** The looks' Lan-DeMets alpha spending. */
    spending: z.enum(['obrien-fleming', 'pocock']).default('obrien-fleming'),
  })
  .strict();

export const freeChecksSchema = z
  .object({
    /** Candidate length / incumbent length must stay within these (characters). */
    length: z
      .object({ min_ratio: z.number().positive().default(0.5), max_ratio: z.number().positive().default(2) })
      .strict()
      .refine((length) => length.min_ratio <= length.max_ratio, {
        message: 'must be at most `max_ratio`: no candidate could pass',
        path: ['min_ratio'],
      })
      .default({ min_ratio: 0.5, max_ratio: 2 }),
    /** Word n-gram length for the copied-task-text check. */
    ngram: z.number().int().min(3).default(8),
    /** `strict`: every element present; `no_regression`: no element the incumbent had is lost. */
    lint: z.enum(['strict', 'no_regression', 'off']).default('no_regression'),
  })
  .strict();

export const proposerSchema = z.object({ model, llm_block: path.optional() }).strict();

export const judgeSchema = z.object({ model, rubric: path, llm_block: path.optional() }).strict();

/** The `ask_architecture` search space; every combination is one candidate. */
export const gridSchema = z
  .object({
    architecture: z.array(z.enum(['react', 'rewrite'])).min(1),
    rewrite: z.array(z.boolean()).min(1),
    /** Overlay files relative to this file; `null` is the serving config as it is. */
    retrieval_overlay: z.array(path.nullable()).min(1),
    turn_cap: z.array(z.number().int().positive()).min(1),
    strategy: z.enum(['grid', 'random', 'successive_halving']).default('successive_halving'),
    /** Points drawn for `random`. */
    samples: z.number().int().positive().optional(),
    /** The point the campaign starts from (the agent as it runs today); fields left out are the default agent's. */
    incumbent: z
      .object({
        architecture: z.enum(['react', 'rewrite']),
        rewrite: z.boolean(),
        retrieval_overlay: path.nullable(),
        turn_cap: z.number().int().positive(),
      })
      .partial()
      .strict()
      .optional(),
  })
  .strict();

/** The `retrieval_config` search space: deep-merged variations of a base overlay. */
export const overlaysSchema = z
  .object({
    base: path.nullable().default(null),
    variations: z.array(z.record(z.string(), z.unknown())).min(1),
  })
  .strict();

const common = {
  product: productRefSchema,
  /** A registered dataset name (`configs/datasets/<name>.yaml`). */
  dataset: z.string().min(1),
  search: searchSchema,
  acceptance: acceptanceSchema,
  /** The agent's model and its LLM block, byte-identical for every arm. */
  model,
  llm_block: path,
  proposer: proposerSchema,
  judge: judgeSchema.optional(),
  objective: objectiveSchema,
  budgets: budgetsSchema,
  free_checks: freeChecksSchema.default({
    length: { min_ratio: 0.5, max_ratio: 2 },
    ngram: 8,
    lint: 'no_regression',
  }),
  seed: z.number().int().min(0).default(0),
  repeats: z.number().int().positive().max(100).default(1),
  /** The offline stand-in's sampling in a dry run (a paid run's model samples by its block). */
  stand_in: z
    .object({ temperature: z.number().min(0).max(2), seed: z.number().int().min(0).default(0) })
    .strict()
    .optional(),
};

export const campaignConfigSchema = z.discriminatedUnion('axis', [
  z.object({ axis: z.enum(TEXT_AXES), ...common }).strict(),
  z.object({ axis: z.literal('ask_architecture'), ...common, grid: gridSchema }).strict(),
  z.object({ axis: z.literal('retrieval_config'), ...common, overlays: overlaysSchema }).strict(),
]);

export type CampaignConfig = z.infer<typeof campaignConfigSchema>;
export type ObjectiveConfig = z.infer<typeof objectiveSchema>;
export type GuardObjective = z.infer<typeof guardObjectiveSchema>;
export type ArchitectureGrid = z.infer<typeof gridSchema>;
export type OverlaySpace = z.infer<typeof overlaysSchema>;
export type FreeChecksConfig = z.infer<typeof freeChecksSchema>;
export type ScreeningConfig = z.infer<typeof screeningSchema>;
