import type { z } from 'zod';
import { describeIssues, parseJsonl } from '../../core/index.js';
import { TRAJECTORY_ERROR_CODES, trajectoryError } from './trajectory-error.js';

/**
 * Parses a trajectory's JSONL file (`events.jsonl`, `messages.jsonl`) through a schema with the one
 * JSONL parser (`parseJsonl`, `accepts` letting a valid line skip zod). A line that is not JSON or
 * fails the schema is refused naming the file and the 1-based line; a torn last line means the
 * trajectory is incomplete, not malformed.
 */
export function parseTrajectoryJsonl<T>(
  text: string | Uint8Array,
  file: string,
  schema: z.ZodType<T>,
  accepts?: (value: unknown) => value is T,
): T[] {
  return parseJsonl(text, schema, {
    ...(accepts === undefined ? {} : { accepts }),
    onProblem(problem) {
      if (problem.reason === 'json' && problem.torn) {
        throw trajectoryError(
          TRAJECTORY_ERROR_CODES.incomplete,
          file,
          'the last line is torn (cut off mid-write); the trajectory is incomplete',
          { line: problem.line, cause: problem.cause },
        );
      }
      const why =
        problem.reason === 'json'
          ? `not valid JSON: ${problem.message}`
          : describeIssues(problem.issues ?? [], problem.value);
      throw trajectoryError(TRAJECTORY_ERROR_CODES.malformed, file, why, {
        line: problem.line,
        cause: problem.cause,
      });
    },
  });
}
