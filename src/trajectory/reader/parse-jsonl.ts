import type { z } from 'zod';
import { describeIssues } from '../../core/index.js';
import { TRAJECTORY_ERROR_CODES, trajectoryError } from './trajectory-error.js';

/**
 * Parses a JSONL file's text line by line through a schema. A blank line is skipped; a line that
 * is not JSON or fails the schema is refused naming the file and the 1-based line. A last line with
 * no newline that does not parse is a torn write: the file is incomplete, not malformed. `accepts`,
 * a precompiled check that passes only values the schema accepts unchanged (schema-guards.ts), lets a
 * valid line skip zod; a line it refuses is parsed by the schema, which words the error.
 */
export function parseJsonl<T>(
  text: string,
  file: string,
  schema: z.ZodType<T>,
  accepts?: (value: unknown) => value is T,
): T[] {
  const out: T[] = [];
  const lines = text.split('\n');
  const endsWithNewline = text.endsWith('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (line.trim() === '') continue;
    const isLast = index === lines.length - 1;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      if (isLast && !endsWithNewline) {
        throw trajectoryError(
          TRAJECTORY_ERROR_CODES.incomplete,
          file,
          'the last line is torn (cut off mid-write); the trajectory is incomplete',
          { line: index + 1, cause: error },
        );
      }
      throw trajectoryError(
        TRAJECTORY_ERROR_CODES.malformed,
        file,
        `not valid JSON: ${(error as Error).message}`,
        {
          line: index + 1,
          cause: error,
        },
      );
    }
    if (accepts?.(value)) {
      out.push(value);
      continue;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      throw trajectoryError(
        TRAJECTORY_ERROR_CODES.malformed,
        file,
        describeIssues(parsed.error.issues, undefined),
        {
          line: index + 1,
          cause: parsed.error,
        },
      );
    }
    out.push(parsed.data);
  }
  return out;
}
