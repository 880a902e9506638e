import { z } from 'zod';
import { armCellSchema, clusteringSchema } from '../paired/report-schema.js';

const nullableNumber = z.number().nullable();

/** One system of a comparison: what it is and how its rollouts went. */
export const compareSystemSchema = z
  .object({
    name: z.string(),
    /** What was run: `default`, a product root, `pkg@1.2.3`, a URL, `repo@sha`. */
    spec: z.string(),
    tasks: z.number().int(),
    failed: z.number().int(),
    outcomes: z.record(z.string(), z.number().int()),
  })
  .strict();

/** One metric across the systems: each system's cell, each comparison's paired delta. */
export const compareRowSchema = z
  .object({
    key: z.string(),
    group: z.string(),
    kind: z.enum(['continuous', 'binary', 'count']),
    direction: z.enum(['higher', 'lower', 'neither']),
    /** System name -> its mean with the 95% bootstrap interval over the tasks it defined. */
    cells: z.record(z.string(), armCellSchema),
    /** Each other system against the reference: two-sided paired test, Holm-adjusted across them. */
    deltas: z.array(
      z
        .object({
          system: z.string(),
          pairs: z.number().int(),
          delta: nullableNumber,
          delta_low: nullableNumber,
          delta_high: nullableNumber,
          pvalue: nullableNumber,
          p_holm: nullableNumber,
          test: z.enum(['wilcoxon', 'mcnemar', 'clustered', 'none']),
          /** Clusters the pairs spanned when the test was `clustered`. */
          clusters: z.number().int().optional(),
          significant: z.boolean(),
        })
        .strict(),
    ),
  })
  .strict();

/** A margin's verdict for one system against the reference (`compareMargins`). */
export const compareMarginSchema = z
  .object({
    key: z.string(),
    system: z.string(),
    /** `non-inferiority` for a row with a direction, `equivalence` (TOST) for one without. */
    test: z.enum(['non-inferiority', 'equivalence']),
    margin: z.number().positive(),
    pvalue: nullableNumber,
    /** Holm-adjusted across the systems of this metric; the margin passes when it is below alpha. */
    p_holm: nullableNumber,
    passed: z.boolean(),
    pairs: z.number().int(),
    line: z.string(),
  })
  .strict();

/** A comparison run in looks (`--looks`): each look's systems and where it stopped. */
export const compareLooksSchema = z
  .object({
    looks: z.number().int().min(2),
    spending: z.enum(['obrien-fleming', 'pocock']),
    /** Each system's two-sided level (0.05 over the systems). */
    alpha: z.number(),
    primary: z.string(),
    observed: z.array(
      z
        .object({
          look: z.number().int().positive(),
          tasks: z.number().int(),
          systems: z.array(
            z
              .object({
                system: z.string(),
                pairs: z.number().int(),
                z: nullableNumber,
                decision: z.enum(['success', 'harm', 'futility', 'continue']),
              })
              .strict(),
          ),
        })
        .strict(),
    ),
    line: z.string(),
  })
  .strict();

/** `report.json` of `agent-track compare`: N systems on one split against a reference system. */
export const compareReportSchema = z
  .object({
    kind: z.literal('compare'),
    title: z.string(),
    model: z.string(),
    offline: z.boolean(),
    alpha: z.number(),
    reference: z.string(),
    systems: z.array(compareSystemSchema).min(2),
    /** System name -> the search tool its free rung asked (`null`: none, or the rung was not run). */
    search_tools: z.record(z.string(), z.string().nullable()),
    /** System name -> the share of tasks whose gold a call reached (`null`: no task had gold). */
    needle_reached: z.record(z.string(), nullableNumber),
    rows: z.array(compareRowSchema),
    /** The split spans more than one cluster: how many, and whether the rows were tested per cluster. */
    clustering: clusteringSchema.optional(),
    /** `--margin` rows: each system's margin test against the reference (absent: no margin given). */
    margins: z.array(compareMarginSchema).optional(),
    /** `--looks`: the looks the comparison ran in (absent: a fixed design). */
    looks: compareLooksSchema.optional(),
  })
  .strict();

export type CompareSystem = z.infer<typeof compareSystemSchema>;
export type CompareRow = z.infer<typeof compareRowSchema>;
export type CompareMargin = z.infer<typeof compareMarginSchema>;
export type CompareReport = z.infer<typeof compareReportSchema>;
export type CompareLooks = z.infer<typeof compareLooksSchema>;
