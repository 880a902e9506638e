import type { RecordedError } from '../../core/index.js';
import { openJsonlLog } from '../../core/index.js';
import { type QueueLine, type QueueStatus, queueLineSchema } from './schema.js';

/** Where every (arm, task) stands: attempts, status, booked dollars, the last exception. */
export interface Queue {
  readonly file: string;
  readonly tornLine: number | null;
  state(arm: string, taskId: string): QueueLine | undefined;
  states(): readonly QueueLine[];
  /** Appends a new snapshot for (arm, task), merged over its last state. */
  update(
    arm: string,
    taskId: string,
    change: { status: QueueStatus; attempts?: number; addUsd?: number; exception?: RecordedError | null },
  ): QueueLine;
}

const keyOf = (arm: string, taskId: string) => `${arm}\0${taskId}`;

/**
 * Opens `queue.jsonl`, an append-only log of per-(arm, task) snapshots; the last line per key wins.
 * A torn last line from a kill is cut off; the rollout it described is simply run again.
 *
 * @example
 * const queue = openQueue('runs/demo/queue.jsonl');
 * queue.update('baseline', 't1', { status: 'running', attempts: 1, addUsd: 0.02 });
 */
export function openQueue(file: string, now: () => Date = () => new Date()): Queue {
  const log = openJsonlLog(file, queueLineSchema, 'queue');
  const { records, tornLine } = log;
  const latest = new Map<string, QueueLine>();
  for (const line of records) latest.set(keyOf(line.arm, line.task_id), line);
  return {
    file,
    tornLine,
    state: (arm, taskId) => latest.get(keyOf(arm, taskId)),
    states: () => [...latest.values()],
    update(arm, taskId, change) {
      const before = latest.get(keyOf(arm, taskId));
      const line: QueueLine = queueLineSchema.parse({
        arm,
        task_id: taskId,
        status: change.status,
        attempts: change.attempts ?? before?.attempts ?? 0,
        booked_usd: (before?.booked_usd ?? 0) + (change.addUsd ?? 0),
        exception: change.exception === undefined ? (before?.exception ?? null) : change.exception,
        at: now().toISOString(),
      });
      log.append(line);
      latest.set(keyOf(arm, taskId), line);
      return line;
    },
  };
}
