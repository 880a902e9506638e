import { AgentTrackError } from '../../core/index.js';

/**
 * The ways a trajectory directory is refused. `TRAJECTORY_INCOMPLETE` (no `result.json`, or a torn
 * last line) means the run did not finish writing; the others mean it is damaged.
 */
export const TRAJECTORY_ERROR_CODES = Object.freeze({
  incomplete: 'TRAJECTORY_INCOMPLETE',
  missingFile: 'TRAJECTORY_MISSING_FILE',
  malformed: 'TRAJECTORY_MALFORMED',
  inconsistent: 'TRAJECTORY_INCONSISTENT',
} as const);

export type TrajectoryErrorCode = (typeof TRAJECTORY_ERROR_CODES)[keyof typeof TRAJECTORY_ERROR_CODES];

/** An error about one file of a trajectory; `line` is 1-based when the fault is on a line. */
export function trajectoryError(
  code: TrajectoryErrorCode,
  file: string,
  message: string,
  options: { line?: number; cause?: unknown; data?: Record<string, unknown> } = {},
): AgentTrackError {
  const where = options.line === undefined ? file : `${file}:${options.line}`;
  return new AgentTrackError(code, `${where}: ${message}`, {
    data: { file, line: options.line ?? null, ...options.data },
    cause: options.cause,
  });
}
