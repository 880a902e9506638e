import { z } from 'zod';

/** An ISO 8601 date and time with its zone (`2026-12-05T10:00:00.000Z`, `...+02:00`): `yesterday` is no time. */
export const isoTimeSchema = z.iso.datetime({ offset: true });

/**
 * The recorded-run format, one schema per file of a trajectory directory. These schemas are the
 * boundary: every file is parsed through them, and every type below is derived from them.
 */

/** One ranked row a search call returned, in rank order. `text` is the piece's source when known. */
export const resultRowSchema = z
  .object({
    path: z.string(),
    start: z.number().int().optional(),
    end: z.number().int().optional(),
    name: z.string().optional(),
    text: z.string().optional(),
  })
  .strict();

/** One tool call: a line of `events.jsonl`. */
export const toolEventSchema = z
  .object({
    seq: z.number().int().nonnegative(),
    tool: z.string().min(1),
    args: z.record(z.string(), z.unknown()),
    /** The raw argument string when it was not valid JSON (importers keep it; `args` is then `{}`). */
    args_raw: z.string().optional(),
    ok: z.boolean(),
    error: z.string().optional(),
    preview: z.string(),
    blob: z.string().regex(/^[0-9a-f]{64}$/),
    bytes: z.number().int().nonnegative(),
    identifiers: z.array(z.string()),
    rows: z.array(resultRowSchema).optional(),
    /** ISO time the call started; `null` when the source (an imported transcript) did not say. */
    started_at: isoTimeSchema.nullable(),
    duration_ms: z.number().nonnegative().nullable(),
  })
  .strict();

/** `model_turns.json`: call seq -> the model message (and so the 1-based turn) that proposed it. */
export const modelTurnsSchema = z.record(
  z.string().regex(/^\d+$/),
  z.object({ message_id: z.string().min(1), turn: z.number().int().positive() }).strict(),
);

/** Token usage of one model message. `reasoning` is a slice of `completion`, `cached` of `prompt`. */
export const usageSchema = z
  .object({
    prompt: z.number().int().nonnegative(),
    completion: z.number().int().nonnegative(),
    reasoning: z.number().int().nonnegative().optional(),
    cached: z.number().int().nonnegative().optional(),
  })
  .strict();

/**
 * One model's share of a run, as the agent billed it (Claude Code's `modelUsage`): tokens as in
 * `usageSchema`, and the cost the agent quoted for that model.
 */
export const modelUsageSchema = z
  .object({
    prompt: z.number().int().nonnegative(),
    completion: z.number().int().nonnegative(),
    cached: z.number().int().nonnegative().optional(),
    cost_usd: z.number().nonnegative().optional(),
  })
  .strict();

/** One model message: a line of `messages.jsonl`. */
export const modelMessageSchema = z
  .object({
    id: z.string().min(1),
    turn: z.number().int().positive(),
    finish_reason: z.string().nullable(),
    content: z.string(),
    tool_calls: z.array(z.object({ id: z.string(), name: z.string() }).strict()),
    usage: usageSchema.optional(),
    cost_usd: z.number().nonnegative().optional(),
  })
  .strict();

/**
 * How a run ended, decided in this order. `handoff`: the run's last call passed the task on (a
 * tool the roles name `handoff`, as tau-bench's `transfer_to_human_agents`); the outcome metric
 * reads it from the calls. `unrecorded`: an imported transcript that does not say (a trace whose
 * last model span kept no output); the outcome metrics are then undefined, not 0.
 */
export const OUTCOMES = [
  'timeout',
  'budget_exhausted',
  'exhausted_finalized',
  'handoff',
  'starved_reply',
  'unanswered_empty',
  'answered',
  'unrecorded',
] as const;
export const outcomeSchema = z.enum(OUTCOMES);

/**
 * `result.json`: how the run ended, written last. `patch` is the unified diff when the run produced
 * one; `cost_usd` the whole run's cost when the agent quoted one (Claude Code's `total_cost_usd`);
 * `usage` the whole run's tokens when the agent reported them (Claude Code's result line);
 * `usage_by_model` the run's tokens and cost per model when the agent billed them so (Claude Code's
 * `modelUsage`). Which of these sources the usage metric reads: `metrics/DEFINITIONS.md`.
 * `turn_budget`, `started_at` and `duration_ms` are `null` when an imported transcript did not say.
 */
export const trajectoryResultSchema = z
  .object({
    task_id: z.string().min(1).optional(),
    answer: z.string().nullable(),
    outcome: outcomeSchema,
    turn_budget: z.number().int().positive().nullable(),
    turns: z.number().int().nonnegative(),
    timed_out: z.boolean(),
    started_at: isoTimeSchema.nullable(),
    duration_ms: z.number().nonnegative().nullable(),
    cost_usd: z.number().nonnegative().optional(),
    usage: usageSchema.optional(),
    usage_by_model: z.record(z.string().min(1), modelUsageSchema).optional(),
    error: z.string().optional(),
    patch: z.string().optional(),
  })
  .strict();

export type ResultRow = z.infer<typeof resultRowSchema>;
export type ToolEvent = z.infer<typeof toolEventSchema>;
export type ModelTurns = z.infer<typeof modelTurnsSchema>;
export type Usage = z.infer<typeof usageSchema>;
export type ModelUsage = z.infer<typeof modelUsageSchema>;
export type ModelMessage = z.infer<typeof modelMessageSchema>;
export type Outcome = z.infer<typeof outcomeSchema>;
export type TrajectoryResult = z.infer<typeof trajectoryResultSchema>;
