import { z } from 'zod';
import { decisionRuleSchema, recordedRule } from '../../report/index.js';
import { armNameSchema } from '../campaign/schema.js';

const count = z.number().int().min(0);
const usd = z.number().min(0);

/** One arm's estimate: every rollout spends its full turn budget. */
export const armPlanSchema = z
  .object({
    arm: armNameSchema,
    commit: z.object({ rev: z.string(), sha: z.string(), subject: z.string() }).strict(),
    description_tokens: count,
    /** `server`: measured from the built arm's listing; `cache`: kept from an earlier build; `artifact`: estimated from its tool_docs file; `unknown`: 0 until built. */
    description_tokens_source: z.enum(['server', 'cache', 'artifact', 'unknown']).default('server'),
    rollouts: count,
    calls_per_rollout: count,
    input_tokens_per_rollout: count,
    output_tokens_per_rollout: count,
    usd_per_rollout: usd,
    calls: count,
    input_tokens: count,
    output_tokens: count,
    usd,
  })
  .strict();

/** A corpus the split covers, and whether its workspace is ready for this serving config. */
export const corpusPlanSchema = z
  .object({
    key: z.string().min(1),
    state: z.enum(['valid', 'invalid', 'missing']),
    source_bytes: count,
    /** Why a built bundle is not valid (e.g. built with other ingestion keys); `null` otherwise. */
    reason: z.string().nullable(),
  })
  .strict();

/** A stated assumption: its value and the flag that changes it. */
export const assumptionSchema = z
  .object({ key: z.string(), value: z.number().nullable(), flag: z.string(), meaning: z.string() })
  .strict();

/** `plan.json`: the plan as printed, machine-readable. Prices are `null` when not given. */
export const planSchema = z
  .object({
    format: z.literal(1),
    campaign: z.string().min(1),
    /** `repeats`: rollouts per task per arm (a plan written before repeats existed reads 1). */
    tasks: z
      .object({
        count,
        split: z.string().nullable(),
        limit: count.nullable(),
        repeats: z.number().int().positive().default(1),
      })
      .strict(),
    model: z.string().min(1),
    endpoint: z.object({ provider: z.string(), base_url: z.string() }).strict(),
    llm_block: z.object({ file: z.string(), canonical: z.string(), hash: z.string() }).strict(),
    turn_budget: z.number().int().positive(),
    assumptions: z.array(assumptionSchema),
    prices: z
      .object({ input_per_1m: usd.nullable(), output_per_1m: usd.nullable(), embed_per_1m: usd.nullable() })
      .strict(),
    /** The flags of prices this plan needs and was not given; its dollars read 0 for them. */
    unknown_prices: z.array(z.string()),
    arms: z.array(armPlanSchema).min(1),
    corpora: z
      .object({
        distinct: count,
        valid: count,
        invalid: count,
        missing: count,
        to_build_source_bytes: count,
        /** The serving config embeds (dense or fused search); without it an index build is $0. */
        embeds: z.boolean().default(false),
        embed_tokens: count,
        embed_usd: usd,
        build_indexes: z.boolean(),
        items: z.array(corpusPlanSchema),
      })
      .strict(),
    totals: z
      .object({
        rollouts: count,
        calls: count,
        input_tokens: count,
        output_tokens: count,
        rollouts_usd: usd,
        index_build_usd: usd,
        usd,
      })
      .strict(),
    metrics: z.array(z.string()),
    /**
     * Row key -> margin, stated before any number (`--margin`): a guard's non-inferiority, any
     * other row's equivalence. A plan written before margins existed reads none.
     */
    margins: z.record(z.string(), z.number().positive()).default({}),
    /** Clusters the tasks fall in (a task's `cluster`, else its corpus); a plan written before reads 1. */
    clusters: z.number().int().min(1).default(1),
    /** The decision rule (`--primary`, `--guard`); a plan written before it followed the default. */
    decision_rule: decisionRuleSchema.default(() => recordedRule()),
    /**
     * A comparison of N systems (`agent-track compare`): its reference system. It has no decision
     * rule: every other system is tested against the reference, row by row. `null`: a before-after.
     */
    comparison: z.object({ reference: z.string() }).strict().nullable().default(null),
    /** `--looks K > 1`: the group-sequential design the run follows (`looks.json` has its boundaries). */
    looks: z
      .object({ count: z.number().int().min(2), spending: z.enum(['obrien-fleming', 'pocock']) })
      .strict()
      .nullable()
      .default(null),
  })
  .strict();

export type Plan = z.infer<typeof planSchema>;
export type ArmPlan = z.infer<typeof armPlanSchema>;
export type CorpusPlan = z.infer<typeof corpusPlanSchema>;
export type Assumption = z.infer<typeof assumptionSchema>;
