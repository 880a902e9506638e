import { z } from 'zod';
import { decisionRuleSchema } from './decision-rule.js';

const nullableNumber = z.number().nullable();

/** Task id -> row key -> the arm's value for it (`null` where the row is undefined for the task). */
const taskValuesSchema = z.record(z.string(), z.record(z.string(), nullableNumber));

/** One arm's column of a row: mean with its 95% bootstrap interval over the tasks it defined. */
export const armCellSchema = z
  .object({ mean: nullableNumber, low: nullableNumber, high: nullableNumber, n: z.number().int() })
  .strict();

/** One report row: both arms, the paired delta, and the test in the row's direction. */
export const reportRowSchema = z
  .object({
    key: z.string(),
    group: z.string(),
    kind: z.enum(['continuous', 'binary', 'count']),
    direction: z.enum(['higher', 'lower', 'neither']),
    baseline: armCellSchema,
    candidate: armCellSchema,
    /** Totals and p90s of the turn rows (count rows carry no test). */
    totals: z.object({ baseline: nullableNumber, candidate: nullableNumber }).strict().optional(),
    p90: z.object({ baseline: nullableNumber, candidate: nullableNumber }).strict().optional(),
    pairs: z.number().int(),
    delta: nullableNumber,
    delta_low: nullableNumber,
    delta_high: nullableNumber,
    pvalue: nullableNumber,
    test: z.enum(['wilcoxon', 'mcnemar', 'clustered', 'none']),
    /** Clusters the pairs spanned when the test was `clustered` (the cluster sign-flip test). */
    clusters: z.number().int().optional(),
    /** Extra words the row must carry (e.g. the definition of used calls). */
    note: z.string().optional(),
  })
  .strict();

/**
 * How the tasks were clustered, present when the split spans more than one cluster: `interval`
 * false under 5 clusters, where the rows keep the task-level tests.
 */
export const clusteringSchema = z
  .object({ clusters: z.number().int(), interval: z.boolean(), line: z.string() })
  .strict();
export type Clustering = z.infer<typeof clusteringSchema>;

/** A margin's own verdict line: non-inferiority for a guard, equivalence (TOST) for any other row. */
export const marginVerdictSchema = z
  .object({
    key: z.string(),
    test: z.enum(['non-inferiority', 'equivalence']),
    margin: z.number().positive(),
    pvalue: nullableNumber,
    passed: z.boolean(),
    pairs: z.number().int(),
    line: z.string(),
  })
  .strict();
export type MarginVerdict = z.infer<typeof marginVerdictSchema>;

/** A run in looks, as it happened: each look's tasks, z and decision, and one line saying where it stopped. */
export const looksSummarySchema = z
  .object({
    looks: z.number().int().min(2),
    spending: z.enum(['obrien-fleming', 'pocock']),
    observed: z.array(
      z
        .object({
          look: z.number().int().positive(),
          tasks: z.number().int(),
          pairs: z.number().int(),
          z: nullableNumber,
          decision: z.enum(['success', 'harm', 'futility', 'continue']),
        })
        .strict(),
    ),
    line: z.string(),
  })
  .strict();
export type LooksSummary = z.infer<typeof looksSummarySchema>;

export const armInfoSchema = z
  .object({
    name: z.enum(['baseline', 'candidate']),
    commit: z.string(),
    subject: z.string(),
    tasks: z.number().int(),
    outcomes: z.record(z.string(), z.number().int()),
    near_cap: z.number().int(),
    failed: z.number().int(),
    /** Rollouts the ceiling or an interrupt stopped before they started. */
    not_run: z.number().int().default(0),
  })
  .strict();

/** One arm's repeat figures for a row: see `repeatSummary`. */
const repeatCellSchema = z
  .object({
    /** Tasks with at least two defined repeats. */
    tasks: z.number().int(),
    pass_at_k: nullableNumber,
    pass_hat_k: nullableNumber,
    flaky: nullableNumber,
    spread: nullableNumber,
  })
  .strict();

export const repeatRowSchema = z
  .object({
    key: z.string(),
    kind: z.enum(['continuous', 'binary']),
    baseline: repeatCellSchema,
    candidate: repeatCellSchema,
  })
  .strict();

/** One arm's repeats of one task: how many ran, how many passed each 0/1 row, each continuous row's sd. */
const taskRepeatsCellSchema = z
  .object({
    runs: z.number().int(),
    passed: z.record(z.string(), z.number().int()),
    spread: z.record(z.string(), nullableNumber),
  })
  .strict();

/** What K repeats per task say: present only when K > 1. */
export const reportRepeatsSchema = z
  .object({
    k: z.number().int().min(2),
    rows: z.array(repeatRowSchema),
    /** Per task and arm (`TASK_REPEAT_ROWS`): passes of the 0/1 rows, the sd of the continuous ones. */
    by_task: z
      .array(
        z
          .object({ task_id: z.string(), baseline: taskRepeatsCellSchema, candidate: taskRepeatsCellSchema })
          .strict(),
      )
      .default([]),
  })
  .strict();

/** The verdict by the stated decision rule (`DecisionRule`); a report written before it had only success and line. */
export const reportVerdictSchema = z
  .object({
    success: z.boolean(),
    outcome: z.enum(['succeeds', 'fails', 'no_change', 'inconclusive']).optional(),
    line: z.string(),
    /** The decision rule, as the plan printed it. */
    rule: z.string().optional(),
    /** Guard and watched rows significantly worse, named beside the headline. */
    against: z.array(z.string()).optional(),
    /** The primary row itself significantly worse (one-sided p < alpha against its direction). */
    primary_worse: z.boolean().optional(),
    /** The rule's rows (`--primary`, `--guard`); a report written before it followed `DEFAULT_DECISION_RULE`. */
    decision_rule: decisionRuleSchema.optional(),
  })
  .strict();

/** `report.json`: everything `report.md` prints, for machines. */
export const reportSchema = z
  .object({
    title: z.string(),
    model: z.string(),
    offline: z.boolean(),
    /** The offline stand-in sampled: its temperature and seed (absent when it was deterministic). */
    stand_in: z.object({ temperature: z.number(), seed: z.number().int() }).strict().optional(),
    alpha: z.number(),
    verdict: reportVerdictSchema,
    arms: z.array(armInfoSchema),
    outcomes_by_task: z.array(
      z
        .object({ task_id: z.string(), baseline: z.string().nullable(), candidate: z.string().nullable() })
        .strict(),
    ),
    rows: z.array(reportRowSchema),
    /**
     * Each arm's value of every row per task (the mean of its repeats; `null` where undefined),
     * so a later run can be paired with this one over the tasks both ran. Absent in older reports.
     */
    per_task: z.object({ baseline: taskValuesSchema, candidate: taskValuesSchema }).strict().optional(),
    /** K > 1 repeats per task: each row's value per task is the mean of its repeats. */
    repeats: reportRepeatsSchema.optional(),
    /** The run went in looks (`--looks`): where it stopped and why. */
    looks: looksSummarySchema.optional(),
    /** `--margin` rows: each margin's test and its line, printed under the verdict. */
    margins: z.array(marginVerdictSchema).optional(),
    /** The split spans more than one cluster: how many, and whether the rows were tested per cluster. */
    clustering: clusteringSchema.optional(),
    cost: z
      .object({
        estimated_usd: z.object({ baseline: nullableNumber, candidate: nullableNumber }).strict(),
        quoted_usd: z.object({ baseline: nullableNumber, candidate: nullableNumber }).strict(),
        prices: z.object({ input_per_1m: nullableNumber, output_per_1m: nullableNumber }).strict(),
      })
      .strict(),
  })
  .strict();

export type ArmCell = z.infer<typeof armCellSchema>;
export type ReportRow = z.infer<typeof reportRowSchema>;
export type ArmInfo = z.infer<typeof armInfoSchema>;
export type Report = z.infer<typeof reportSchema>;
export type ReportVerdict = z.infer<typeof reportVerdictSchema> & {
  outcome: 'succeeds' | 'fails' | 'no_change' | 'inconclusive';
  rule: string;
  against: string[];
};
export type RepeatRow = z.infer<typeof repeatRowSchema>;
export type ReportRepeats = z.infer<typeof reportRepeatsSchema>;
