import { appendFileSync, closeSync, existsSync, ftruncateSync, openSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { AgentTrackError } from '../../core/errors.js';
import { recordedErrorSchema } from '../../core/index.js';
import { issueMessage } from '../../core/issue-message.js';
import { outcomeSchema } from '../../trajectory/index.js';

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
 * Reads a ledger into task id -> its last line. A torn last line (a kill mid-append: no newline,
 * not JSON) is ignored; any other bad line is refused naming `file:line`.
 *
 * @example
 * const done = readLedger('runs/arm/ledger.jsonl'); done.get('t1')?.outcome; // 'answered'
 */
export function readLedger(file: string): Map<string, LedgerLine> {
  const lines = new Map<string, LedgerLine>();
  if (!existsSync(file)) return lines;
  const text = readFileSync(file, 'utf8');
  const rows = text.split('\n');
  for (const [index, row] of rows.entries()) {
    if (row.trim() === '') continue;
    const torn = index === rows.length - 1;
    let value: unknown;
    try {
      value = JSON.parse(row);
    } catch (error) {
      if (torn) continue;
      throw new AgentTrackError('LEDGER_MALFORMED', `\`${file}:${index + 1}\` is not JSON`, {
        data: { file, line: index + 1 },
        cause: error,
      });
    }
    const parsed = ledgerLineSchema.safeParse(value);
    if (!parsed.success) {
      const why = parsed.error.issues.map((issue) => issueMessage(issue, value)).join('; ');
      throw new AgentTrackError('LEDGER_MALFORMED', `\`${file}:${index + 1}\` is refused: ${why}`, {
        data: { file, line: index + 1 },
      });
    }
    lines.set(parsed.data.task_id, parsed.data);
  }
  return lines;
}

/** Cuts a torn last line (no newline) so the next append starts a line of its own. */
export function repairLedgerTail(file: string): void {
  if (!existsSync(file)) return;
  const text = readFileSync(file, 'utf8');
  if (text.length === 0 || text.endsWith('\n')) return;
  const keep = Buffer.byteLength(text.slice(0, text.lastIndexOf('\n') + 1));
  const fd = openSync(file, 'r+');
  try {
    ftruncateSync(fd, keep);
  } finally {
    closeSync(fd);
  }
}

/** Appends one validated line (a single write, so a kill leaves at most a torn last line). */
export function appendLedgerLine(file: string, line: LedgerLine): void {
  appendFileSync(file, `${JSON.stringify(ledgerLineSchema.parse(line))}\n`);
}
