import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { z } from 'zod';
import { AgentTrackError } from './errors.js';
import { issueParts } from './issue-message.js';

/** The records of an append-only JSONL file, and whether a torn last line was left out. */
export interface JsonlLog<T> {
  records: T[];
  /** 1-based line number of a torn last line (a write cut by a kill), `null` when none. */
  tornLine: number | null;
}

/**
 * Reads an append-only JSONL file. A last line without its newline that does not parse or fails the
 * schema is a write cut by a kill: it is reported in `tornLine` and left out, never thrown on. Any
 * other bad line is corruption and refused naming `file:line`. A missing file has no records.
 *
 * @example
 * readJsonlLog('runs/c/ledger.jsonl', ledgerLineSchema, 'ledger').records.length;
 */
export function readJsonlLog<S extends z.ZodType>(
  file: string,
  schema: S,
  what: string,
): JsonlLog<z.infer<S>> {
  if (!existsSync(file)) return { records: [], tornLine: null };
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const complete = text.endsWith('\n') || text === '';
  const records: z.infer<S>[] = [];
  let tornLine: number | null = null;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === '') continue;
    const last = index === lines.length - 1;
    let value: unknown;
    let problem: string | null = null;
    try {
      value = JSON.parse(line);
    } catch {
      problem = 'is not JSON';
    }
    let parsed: ReturnType<S['safeParse']> | null = null;
    if (problem === null) {
      parsed = schema.safeParse(value) as ReturnType<S['safeParse']>;
      if (!parsed.success) {
        const { key, message } = issueParts(parsed.error.issues[0]!, value);
        problem = `fails the ${what} schema at \`${key}\`: ${message}`;
      }
    }
    if (problem !== null) {
      if (last && !complete) {
        tornLine = index + 1;
        continue;
      }
      throw new AgentTrackError(
        'CAMPAIGN_LOG_MALFORMED',
        `Line ${index + 1} of the ${what} \`${file}\` ${problem}`,
        {
          data: { file, line: index + 1 },
        },
      );
    }
    records.push(parsed!.data as z.infer<S>);
  }
  return { records, tornLine };
}

/**
 * Makes a file safe to append to after a kill: a torn last line (no newline, not a record) is cut
 * off; a complete record that only lacks its newline gets one. Returns whether anything changed.
 *
 * @example
 * repairTornTail('runs/c/ledger.jsonl', (line) => ledgerLineSchema.safeParse(JSON.parse(line)).success);
 */
export function repairTornTail(file: string, isRecord: (line: string) => boolean): boolean {
  if (!existsSync(file)) return false;
  const text = readFileSync(file);
  if (text.length === 0 || text[text.length - 1] === 0x0a) return false;
  const cut = text.lastIndexOf(0x0a) + 1;
  const tail = text.subarray(cut).toString('utf8');
  let whole = false;
  try {
    whole = isRecord(tail);
  } catch {
    whole = false;
  }
  const fd = openSync(file, 'r+');
  try {
    if (whole) writeSync(fd, '\n', text.length);
    else ftruncateSync(fd, cut);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Appends one record as one line with a single `write` on an `O_APPEND` descriptor, so concurrent
 * writers never interleave and a kill leaves at most a torn last line.
 *
 * @example
 * appendJsonlLine('runs/c/queue.jsonl', { arm: 'baseline', task_id: 't1', status: 'running' });
 */
export function appendJsonlLine(file: string, record: unknown): void {
  const fd = openSync(file, 'a');
  try {
    writeSync(fd, `${JSON.stringify(record)}\n`);
  } finally {
    closeSync(fd);
  }
}
