import { z } from 'zod';
import { recordedErrorSchema } from '../../agent/index.js';

/** An arm's name: a directory name under `arms/` (`baseline`, `candidate`, or an optimizer's id). */
export const armNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'a name of letters, digits, `.`, `_`, `-`');

/**
 * One line of `ledger.jsonl`: one finished (arm, task). Append-only; a re-run skips what it holds.
 * `outcome` is copied from the harness's own ledger line (`null` when it gave none).
 */
export const ledgerLineSchema = z
  .object({
    arm: armNameSchema,
    task_id: z.string().min(1),
    commit: z.string().min(1),
    outcome: z.string().nullable(),
    attempts: z.number().int().min(0),
    booked_usd: z.number().min(0),
    duration_ms: z.number().min(0).nullable(),
    finished_at: z.string(),
    /** The trajectory directory, relative to the campaign directory. */
    trajectory: z.string().min(1),
  })
  .strict();

/** Where a (arm, task) stands. `not_run`: never started (spend ceiling or abort). */
export const queueStatusSchema = z.enum(['running', 'failed', 'finished', 'excluded', 'not_run']);

/**
 * One line of `queue.jsonl`: a snapshot of one (arm, task) after each change; the last line for a
 * key is its state. `booked_usd` is everything booked for that key so far, across attempts and
 * resumed runs, so the sum over keys is what the campaign has committed to spend.
 */
export const queueLineSchema = z
  .object({
    arm: armNameSchema,
    task_id: z.string().min(1),
    status: queueStatusSchema,
    attempts: z.number().int().min(0),
    booked_usd: z.number().min(0),
    exception: recordedErrorSchema.nullable(),
    at: z.string(),
  })
  .strict();

/**
 * What the campaign reads from a harness's `OUT/ledger.jsonl`: the task id, its outcome if given
 * (`null` on a failed line), and `status` (`failed` lines are not finished rollouts).
 */
export const harnessLedgerLineSchema = z
  .object({
    task_id: z.string().min(1),
    outcome: z.string().nullable().optional(),
    status: z.string().optional(),
    /** What the rollout used, when the harness says (a reservation is settled at it). */
    turns: z.number().int().nonnegative().nullable().optional(),
    requests: z.number().int().nonnegative().nullable().optional(),
    usage: z
      .object({ prompt: z.number(), completion: z.number(), messages: z.number() })
      .passthrough()
      .nullable()
      .optional(),
    cost_usd: z.number().nonnegative().nullable().optional(),
  })
  .passthrough();

export type LedgerLine = z.infer<typeof ledgerLineSchema>;
export type HarnessLedgerLine = z.infer<typeof harnessLedgerLineSchema>;
export type QueueLine = z.infer<typeof queueLineSchema>;
export type QueueStatus = z.infer<typeof queueStatusSchema>;
