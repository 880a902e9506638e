import { z } from 'zod';

const nullableNumber = z.number().nullable();

/** One metric of a run: its value (a mean), the 95% interval around it, and how many tasks defined it. */
export const runMetricSchema = z
  .object({
    key: z.string().min(1),
    value: nullableNumber,
    low: nullableNumber,
    high: nullableNumber,
    n: z.number().int().min(0),
  })
  .strict();

/** What a run was measured on; two records compare only when every field is equal. */
export const datasetRefSchema = z
  .object({
    name: z.string().min(1),
    slice: z.string().nullable(),
    limit: z.number().int().positive().nullable(),
    tasks: z.number().int().min(0),
  })
  .strict();

const gitSchema = z.object({ sha: z.string().nullable(), dirty: z.boolean().nullable() }).strict();

const shape = {
  /** What was measured: `retrieval-rung`, `before-after`, `optimize`. */
  system: z.string().min(1),
  /** Which configuration of it: an overlay's name, an arm and its commit. */
  config: z.string().min(1),
  dataset: datasetRefSchema,
  params: z.record(z.string(), z.unknown()),
  metrics: z.array(runMetricSchema),
  /** Name -> path of what the run wrote (the saved run, report.json, the HTML report, plots). */
  artifacts: z.record(z.string(), z.string()),
};

/** What a caller gives `appendRunRecord`; `created_at` and `git` are filled in when absent. */
export const runRecordInputSchema = z
  .object({ ...shape, created_at: z.iso.datetime().optional(), git: gitSchema.optional() })
  .strict();

/** One line of the run log (`defaultRunLog()`: the cache directory's `runs.jsonl`). */
export const runRecordSchema = z
  .object({
    format: z.literal(1),
    id: z.string().regex(/^[0-9a-f]{12}$/),
    created_at: z.iso.datetime(),
    git: gitSchema,
    ...shape,
  })
  .strict();

export type RunMetric = z.infer<typeof runMetricSchema>;
export type DatasetRef = z.infer<typeof datasetRefSchema>;
export type RunRecordInput = z.infer<typeof runRecordInputSchema>;
export type RunRecord = z.infer<typeof runRecordSchema>;
