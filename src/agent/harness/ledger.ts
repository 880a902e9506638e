import { z } from 'zod';
import { openJsonlLog, readJsonlLog } from '../../core/index.js';
import { outcomeSchema } from '../../trajectory/index.js';
import { recordedErrorSchema } from './recorded-error-schema.js';

/** The ledger's file name inside a harness run's output directory. */
export const LEDGER_FILE = 'ledger.jsonl';

const usageLineSchema = z
  .object({
    prompt: z.number().int().nonnegative(),
    completion: z.number().int().nonnegative(),
    reasoning: z.number().int().nonnegative().nullable(),
    cached: z.number().int().nonnegative().nullable(),
    messages: z.number().int().nonnegative(),
  })
  .strict();

/**
 * One line of `ledger.jsonl`: one finished task. `status: done` carries the outcome and the run's
 * counts; `status: failed` (the rollout threw twice, or once when retrying could not help) carries
 * the exception's type and message, and `null` counts. Usage is once per message id.
 */
export const ledgerLineSchema = z
  .object({
    task_id: z.string().min(1),
    status: z.enum(['done', 'failed']),
    outcome: outcomeSchema.nullable(),
    /** Rollouts started for this task in this run (1, or 2 after a retry). */
    attempts: z.number().int().positive(),
    turns: z.number().int().nonnegative().nullable(),
    tool_calls: z.number().int().nonnegative().nullable(),
    usage: usageLineSchema.nullable(),
    /**
     * Completion requests sent (every attempt); on a failed line `usage` then holds what the
     * answered ones reported. Absent in ledgers written before it was kept.
     */
    requests: z.number().int().nonnegative().nullable().optional(),
    /** Requests sent with old tool results cut to stay within the rollout's token cap. */
    context_cuts: z.number().int().nonnegative().nullable().optional(),
    cost_usd: z.number().nonnegative().nullable(),
    /** Wall time of the task's attempts, workspace preparation included. */
    duration_ms: z.number().nonnegative(),
    description_tokens: z.number().int().nonnegative().nullable(),
    /** The trajectory directory, relative to the output directory. */
    trajectory: z.string().min(1),
    /** `type`: the error's code (`AgentTrackError`) or class name; `message`: its message. */
    error: recordedErrorSchema.nullable(),
    finished_at: z.string(),
  })
  .strict();

export type LedgerLine = z.infer<typeof ledgerLineSchema>;

/**
 * Reads a ledger into task id -> its last line. A torn last line (a kill mid-append) is left out;
 * any other bad line is refused naming `file:line` (the one JSONL log rule, `readJsonlLog`).
 *
 * @example
 * const done = readLedger('runs/arm/ledger.jsonl'); done.get('t1')?.outcome; // 'answered'
 */
export function readLedger(file: string): Map<string, LedgerLine> {
  return lastLineByTask(readJsonlLog(file, ledgerLineSchema, 'harness ledger').records);
}

/**
 * Opens a harness run's ledger to resume it: what it holds (task id -> last line), and an append
 * that writes one validated line; a torn last line is cut off first (`openJsonlLog`).
 *
 * @example
 * const ledger = openLedger('runs/arm/ledger.jsonl'); if (!ledger.done.has('t1')) run();
 */
export function openLedger(file: string): {
  done: Map<string, LedgerLine>;
  tornLine: number | null;
  append(line: LedgerLine): void;
} {
  const log = openJsonlLog(file, ledgerLineSchema, 'harness ledger');
  return { done: lastLineByTask(log.records), tornLine: log.tornLine, append: (line) => log.append(line) };
}

function lastLineByTask(lines: readonly LedgerLine[]): Map<string, LedgerLine> {
  return new Map(lines.map((line) => [line.task_id, line]));
}
