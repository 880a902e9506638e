import { Buffer } from 'node:buffer';
import { closeSync, existsSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { z } from 'zod';
import { AgentTrackError } from './errors.js';
import { issueParts } from './issue-message.js';

/** A line of a JSONL text that is not a record: not JSON, or refused by the schema. */
export interface JsonlProblem {
  /** 1-based. */
  line: number;
  /** The last line, with no newline after it: a write a kill cut short, when it is not a record. */
  torn: boolean;
  reason: 'json' | 'schema';
  /** The JSON error, or the first issue's key and zod's wording. */
  message: string;
  /** The line as written. */
  text: string;
  cause: unknown;
  /** The parsed value (`reason: 'schema'` only). */
  value?: unknown;
  issues?: readonly z.core.$ZodIssue[];
}

// UTF-8 bytes split at each newline (a byte that is never part of a longer character), each line
// decoded on its own: what decoding the whole and splitting it gives. A single non-ASCII character
// would make the whole text a two-byte string, slower to decode and to parse; per line, only the
// lines holding one are (an events file of 2,000 trajectories parsed in 500-660 ms this way
// against 670-1,030 ms whole).
function utf8Lines(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lines: string[] = [];
  let start = 0;
  for (let end = buffer.indexOf(10); end !== -1; end = buffer.indexOf(10, start)) {
    lines.push(buffer.toString('utf8', start, end));
    start = end + 1;
  }
  lines.push(buffer.toString('utf8', start));
  return lines;
}

/**
 * The one walk over a JSONL text (a string, or its UTF-8 bytes, decoded line by line): each
 * non-blank line's 1-based number and parsed JSON to `visit`, a line that is not JSON to
 * `onProblem` (which throws the caller's error or returns `'skip'`). The torn-line rule is the same
 * everywhere: a last line without its newline is a record when it parses, and `torn` when it does
 * not.
 *
 * @example
 * eachJsonlLine('{"a":1}\n', (line, value) => rows.push({ line, value }), (p) => { throw fail(p); });
 */
export function eachJsonlLine(
  text: string | Uint8Array,
  visit: (line: number, value: unknown, torn: boolean, text: string) => void,
  onProblem: (problem: JsonlProblem) => 'skip',
): void {
  const lines = typeof text === 'string' ? text.split('\n') : utf8Lines(text);
  const endsWithNewline = typeof text === 'string' ? text.endsWith('\n') : text[text.length - 1] === 10;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (line.trim() === '') continue;
    const torn = index === lines.length - 1 && !endsWithNewline;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (cause) {
      onProblem({
        line: index + 1,
        torn,
        reason: 'json',
        message: (cause as Error).message,
        text: line,
        cause,
      });
      continue;
    }
    visit(index + 1, value, torn, line);
  }
}

/**
 * The one JSONL parser: `eachJsonlLine` (a string or UTF-8 bytes) through a schema. `accepts`, a
 * precompiled check that passes only what the schema accepts unchanged, lets a valid line skip zod.
 * A line that is not JSON or that the schema refuses goes to `onProblem` (`torn` for a cut last
 * line).
 *
 * @example
 * parseJsonl('{"a":1}\n{"a":', schema, { onProblem: (p) => (p.torn ? 'skip' : fail(p)) }); // [{ a: 1 }]
 */
export function parseJsonl<T>(
  text: string | Uint8Array,
  schema: z.ZodType<T>,
  options: {
    accepts?: (value: unknown) => value is T;
    onProblem: (problem: JsonlProblem) => 'skip';
  },
): T[] {
  const out: T[] = [];
  eachJsonlLine(
    text,
    (line, value, torn, text) => {
      if (options.accepts?.(value)) {
        out.push(value);
        return;
      }
      const parsed = schema.safeParse(value);
      if (parsed.success) {
        out.push(parsed.data);
        return;
      }
      const { key, message } = issueParts(parsed.error.issues[0]!, value);
      options.onProblem({
        line,
        torn,
        reason: 'schema',
        message: `at \`${key}\`: ${message}`,
        text,
        cause: parsed.error,
        value,
        issues: parsed.error.issues,
      });
    },
    options.onProblem,
  );
  return out;
}

/** The records of an append-only JSONL log, and the line a torn write left, if any. */
export interface JsonlRecords<T> {
  records: T[];
  /** 1-based line number of a torn last line (a write cut by a kill), `null` when none. */
  tornLine: number | null;
}

/**
 * Reads an append-only JSONL log without changing it: a torn last line is left out and reported in
 * `tornLine`, never thrown on; any other bad line is corruption, refused naming `file:line`
 * (`LOG_MALFORMED`). A missing file has no records.
 *
 * @example
 * readJsonlLog('runs/c/ledger.jsonl', ledgerLineSchema, 'ledger').records.length;
 */
export function readJsonlLog<S extends z.ZodType>(
  file: string,
  schema: S,
  what: string,
): JsonlRecords<z.infer<S>> {
  if (!existsSync(file)) return { records: [], tornLine: null };
  let tornLine: number | null = null;
  const records = parseJsonl(readFileSync(file, 'utf8'), schema as z.ZodType<z.infer<S>>, {
    onProblem(problem) {
      if (problem.torn) {
        tornLine = problem.line;
        return 'skip';
      }
      const why = problem.reason === 'json' ? 'is not JSON' : `fails the ${what} schema ${problem.message}`;
      throw new AgentTrackError('LOG_MALFORMED', `Line ${problem.line} of the ${what} \`${file}\` ${why}`, {
        data: { file, line: problem.line },
        cause: problem.cause,
      });
    },
  });
  return { records, tornLine };
}

/** An append-only JSONL log opened for resume. */
export interface JsonlLog<T> extends JsonlRecords<T> {
  readonly file: string;
  /** Validates and appends one record: one `write` on an `O_APPEND` descriptor. */
  append(record: T): void;
}

/**
 * Opens an append-only JSONL log (created, with its folder, on first append) after a kill: reads
 * it (`readJsonlLog`), then makes it safe to append to. A torn last line is cut off (and reported
 * in `tornLine`: the rollout or call it described is simply done again); a complete last record
 * that only lacks its newline gets one.
 *
 * @example
 * const log = openJsonlLog('runs/c/queue.jsonl', queueLineSchema, 'queue');
 * if (log.tornLine !== null) say(`queue: cut a torn line ${log.tornLine}`);
 * log.append({ arm: 'baseline', task_id: 't1', status: 'running', ... });
 */
export function openJsonlLog<S extends z.ZodType>(
  file: string,
  schema: S,
  what: string,
): JsonlLog<z.infer<S>> {
  const read = readJsonlLog(file, schema, what);
  if (existsSync(file)) {
    const bytes = readFileSync(file);
    if (bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a) {
      const fd = openSync(file, 'r+');
      try {
        if (read.tornLine !== null) ftruncateSync(fd, bytes.lastIndexOf(0x0a) + 1);
        else writeSync(fd, '\n', bytes.length);
      } finally {
        closeSync(fd);
      }
    }
  }
  return {
    file,
    ...read,
    append(record) {
      appendJsonlLine(file, schema.parse(record));
    },
  };
}

/**
 * Appends one record as one line with a single `write` on an `O_APPEND` descriptor, so concurrent
 * writers never interleave and a kill leaves at most a torn last line.
 *
 * @example
 * appendJsonlLine('runs/c/queue.jsonl', { arm: 'baseline', task_id: 't1', status: 'running' });
 */
export function appendJsonlLine(file: string, record: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  const fd = openSync(file, 'a');
  try {
    writeSync(fd, `${JSON.stringify(record)}\n`);
  } finally {
    closeSync(fd);
  }
}
