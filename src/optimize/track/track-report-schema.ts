import { z } from 'zod';
import { recordedErrorSchema } from '../../agent/index.js';
import { reportRowSchema, reportSchema } from '../../report/index.js';
import { agentFiguresSchema } from './track-schema.js';

const perArm = <T extends z.ZodType>(value: T) => z.object({ bare: value, 'with-server': value }).strict();

/** One task of a track: where it stands, the judge's scores, parity, and each arm's figures. */
export const trackTaskRowSchema = z
  .object({
    task_id: z.string(),
    /** `paired`: both arms ran and were judged; `unjudged`: the judge failed; `discarded`; `incomplete`: not run to the end (a ceiling). */
    status: z.enum(['paired', 'unjudged', 'discarded', 'incomplete']),
    reason: recordedErrorSchema.nullable(),
    scores: perArm(z.number().nullable()),
    /** The two scores within the tolerance; `null` when not judged. */
    parity: z.boolean().nullable(),
    figures: perArm(agentFiguresSchema.nullable()),
  })
  .strict();

/** A track's `report.json`: the per-task table, the quality row, and the paired report over the parity tasks. */
export const trackReportSchema = z
  .object({
    kind: z.literal('track'),
    title: z.string(),
    agent: z.string(),
    judge: z
      .object({
        model: z.string(),
        offline: z.boolean(),
        judged: z.number().int(),
        failed: z.number().int(),
        calls: z.number().int(),
        cost_usd: z.number().nullable(),
      })
      .strict(),
    tolerance: z.number(),
    parity: z.object({ tasks: z.number().int(), judged: z.number().int() }).strict(),
    /** The judge's scores over every judged pair (not only the parity tasks). */
    quality: reportRowSchema,
    tasks: z.array(trackTaskRowSchema),
    /** Efficiency: every row over the parity tasks only (bare = `baseline`, with-server = `candidate`). */
    report: reportSchema,
  })
  .strict();

export type TrackTaskRow = z.infer<typeof trackTaskRowSchema>;
export type TrackReport = z.infer<typeof trackReportSchema>;
