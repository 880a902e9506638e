import { z } from 'zod';
import { recordedErrorSchema } from '../../agent/index.js';

/** The two arms of a track: the agent with its own tools, and with the product's MCP server attached. */
export const TRACK_ARMS = ['bare', 'with-server'] as const;
export const trackArmSchema = z.enum(TRACK_ARMS);
export type TrackArm = z.infer<typeof trackArmSchema>;

const count = z.number().int().min(0);
const nullableCount = count.nullable();

/** The agent's own figures for one rollout (`null` where the agent or the transcript did not say). */
export const agentFiguresSchema = z
  .object({
    /** Dollars the agent reported (`total_cost_usd`). */
    cost_usd: z.number().min(0).nullable(),
    /** Wall clock of the agent process, measured here. */
    wall_ms: z.number().min(0),
    /** The agent's `num_turns`, else the trajectory's turns. */
    turns: count,
    tool_calls: count,
    /** Distinct files the agent read (Read, or the server's read tools). */
    files_read: count,
    cache_read_tokens: nullableCount,
    cache_creation_tokens: nullableCount,
  })
  .strict();
export type AgentFigures = z.infer<typeof agentFiguresSchema>;

/** One attempt of one (task, arm): done, or failed with its exception. */
export const rolloutLineSchema = z
  .object({
    kind: z.literal('rollout'),
    task_id: z.string().min(1),
    arm: trackArmSchema,
    status: z.enum(['done', 'failed']),
    attempt: z.number().int().min(1),
    /** Booked for this attempt: the estimate before it ran, plus any overrun booked after. */
    booked_usd: z.number().min(0),
    exception: recordedErrorSchema.nullable(),
    /** Relative to the track directory. */
    transcript: z.string().min(1),
    trajectory: z.string().min(1).nullable(),
    answer: z.string().nullable(),
    figures: agentFiguresSchema.nullable(),
    warnings: z.array(z.string()),
    finished_at: z.string(),
  })
  .strict();

/** The blind judge's verdict on one task's pair (a judge failure is recorded, not retried). */
export const judgeLineSchema = z
  .object({
    kind: z.literal('judge'),
    task_id: z.string().min(1),
    status: z.enum(['judged', 'failed']),
    model: z.string(),
    offline: z.boolean(),
    order: z.tuple([trackArmSchema, trackArmSchema]),
    scores: z.record(z.string(), z.number().nullable()),
    reasons: z.record(z.string(), z.string().nullable()),
    calls: count,
    usage: z.object({ prompt: count, completion: count }).strict().nullable(),
    cost_usd: z.number().min(0).nullable(),
    booked_usd: z.number().min(0),
    error: recordedErrorSchema.nullable(),
    finished_at: z.string(),
  })
  .strict();

/** A task given up on: it is never attempted again, and the report says why. */
export const discardLineSchema = z
  .object({
    kind: z.literal('discard'),
    task_id: z.string().min(1),
    arm: trackArmSchema.nullable(),
    reason: recordedErrorSchema,
    finished_at: z.string(),
  })
  .strict();

/** One line of a track's `ledger.jsonl`. */
export const trackLedgerLineSchema = z.discriminatedUnion('kind', [
  rolloutLineSchema,
  judgeLineSchema,
  discardLineSchema,
]);

export type RolloutLine = z.infer<typeof rolloutLineSchema>;
export type JudgeLine = z.infer<typeof judgeLineSchema>;
export type DiscardLine = z.infer<typeof discardLineSchema>;
export type TrackLedgerLine = z.infer<typeof trackLedgerLineSchema>;
