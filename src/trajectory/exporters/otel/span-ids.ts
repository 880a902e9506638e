import { createHash } from 'node:crypto';

// A hash's first hex digits; an id of all zeros is invalid in OTLP, so that one case takes the next digits.
function hexId(parts: readonly string[], length: number): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const id = digest.slice(0, length);
  return /^0+$/.test(id) ? digest.slice(length, 2 * length) : id;
}

/**
 * The trace id of one exported trajectory (32 hex digits): a hash of the run's name and the
 * trajectory's path in it, so exporting the same run again writes the same ids.
 *
 * @example
 * traceIdOf('viewer-small', 'arms/baseline/tasks/task-001'); // 32 hex digits, the same every time
 */
export function traceIdOf(run: string, trajectory: string): string {
  return hexId([run, trajectory], 32);
}

/**
 * A span id (16 hex digits) of one part of a trajectory: `agent` for the root, `turn:N`,
 * `call:SEQ`.
 *
 * @example
 * spanIdOf('viewer-small', 'arms/baseline/tasks/task-001', 'call:3');
 */
export function spanIdOf(run: string, trajectory: string, part: string): string {
  return hexId([run, trajectory, part], 16);
}
