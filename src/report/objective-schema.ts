import { z } from 'zod';

/** One measured configuration: the incumbent or a confirmed candidate, at the spend so far. */
export const objectivePointSchema = z
  .object({
    label: z.string(),
    /** Dollars spent by the campaign when this point was measured (cumulative). */
    spend_usd: z.number().nonnegative(),
    objective: z.number(),
    low: z.number().nullable(),
    high: z.number().nullable(),
    /** Whether the candidate won its held-out paired test and became the incumbent. */
    accepted: z.boolean(),
  })
  .strict();

/** What the optimizer writes for its progress figure: every point in the order measured. */
export const objectiveTraceSchema = z.object({ points: z.array(objectivePointSchema).min(1) }).strict();

export type ObjectivePoint = z.infer<typeof objectivePointSchema>;
export type ObjectiveTrace = z.infer<typeof objectiveTraceSchema>;
