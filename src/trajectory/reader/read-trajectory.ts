import { join } from 'node:path';
import type { z } from 'zod';
import { describeIssues } from '../../core/index.js';
import { TRAJECTORY_FILES } from '../files.js';
import {
  type ModelMessage,
  type ModelTurns,
  modelMessageSchema,
  modelTurnsSchema,
  type ToolEvent,
  toolEventSchema,
  trajectoryResultSchema,
} from '../schema.js';
import { isModelMessage, isModelTurns, isToolEvent, isTrajectoryResult } from '../schema-guards.js';
import { BlobStore } from '../store/blob-store.js';
import { locateBlobDir } from '../store/locate-blobs.js';
import type { BlobReader, Trajectory } from '../trajectory.js';
import { dirTaskId } from './dir-task-id.js';
import { parseTrajectoryJsonl } from './parse-jsonl.js';
import { readTrajectoryBytes } from './read-text.js';
import { TRAJECTORY_ERROR_CODES, trajectoryError } from './trajectory-error.js';

export interface ReadTrajectoryOptions {
  /** The run's blob store (or its directory); default: the nearest `blobs/` at or above `dir`. */
  blobs?: BlobReader | string;
  /** Task id when `result.json` does not carry one; default: the directory's (URI-decoded) name. */
  taskId?: string;
}

const WHY_TURNS =
  'the turns sidecar is missing; a trajectory without it is refused, never read as one turn (calls per turn, fan-out and usage would be wrong)';

function parseJsonFile<T>(
  text: string,
  file: string,
  schema: z.ZodType<T>,
  accepts: (value: unknown) => value is T,
): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw trajectoryError(
      TRAJECTORY_ERROR_CODES.malformed,
      file,
      `not valid JSON: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  if (accepts(value)) return value;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw trajectoryError(
      TRAJECTORY_ERROR_CODES.malformed,
      file,
      describeIssues(parsed.error.issues, undefined),
      {
        cause: parsed.error,
      },
    );
  }
  return parsed.data;
}

// Every event has its turn entry, every entry names a recorded message of that turn, seqs run 0..n-1.
function checkConsistent(
  dir: string,
  events: readonly ToolEvent[],
  turns: ModelTurns,
  messages: ModelMessage[],
) {
  const eventsFile = join(dir, TRAJECTORY_FILES.events);
  const turnsFile = join(dir, TRAJECTORY_FILES.turns);
  events.forEach((event, index) => {
    if (event.seq !== index) {
      throw trajectoryError(
        TRAJECTORY_ERROR_CODES.inconsistent,
        eventsFile,
        `expected \`seq\` ${index}, got ${event.seq}`,
        {
          line: index + 1,
        },
      );
    }
  });
  const turnOf = new Map(messages.map((message) => [message.id, message.turn]));
  if (turnOf.size !== messages.length) {
    throw trajectoryError(
      TRAJECTORY_ERROR_CODES.inconsistent,
      join(dir, TRAJECTORY_FILES.messages),
      'a message id appears on more than one line',
    );
  }
  let lastTurn = 0;
  for (const event of events) {
    const entry = turns[String(event.seq)];
    if (entry === undefined) {
      throw trajectoryError(
        TRAJECTORY_ERROR_CODES.inconsistent,
        turnsFile,
        `no entry for call seq ${event.seq}`,
      );
    }
    const turn = turnOf.get(entry.message_id);
    if (turn === undefined) {
      throw trajectoryError(
        TRAJECTORY_ERROR_CODES.inconsistent,
        turnsFile,
        `call seq ${event.seq} names message \`${entry.message_id}\`, which messages.jsonl does not hold`,
      );
    }
    if (turn !== entry.turn) {
      throw trajectoryError(
        TRAJECTORY_ERROR_CODES.inconsistent,
        turnsFile,
        `call seq ${event.seq} is in turn ${entry.turn}, but its message \`${entry.message_id}\` is in turn ${turn}`,
      );
    }
    // Calls are recorded as they are made: a later call never belongs to an earlier turn.
    if (turn < lastTurn) {
      throw trajectoryError(
        TRAJECTORY_ERROR_CODES.inconsistent,
        turnsFile,
        `turns go backwards: call seq ${event.seq} is in turn ${turn}, after a call in turn ${lastTurn}`,
      );
    }
    lastTurn = turn;
  }
  const extra = Object.keys(turns).filter((seq) => Number(seq) >= events.length);
  if (extra.length > 0) {
    throw trajectoryError(
      TRAJECTORY_ERROR_CODES.inconsistent,
      turnsFile,
      `entries for calls not in events.jsonl: ${extra.join(', ')}`,
    );
  }
}

/**
 * Reads and validates one trajectory directory. Refuses, with an `AgentTrackError` naming the file
 * (and line): `TRAJECTORY_INCOMPLETE` when `result.json` is missing or a last line is torn;
 * `TRAJECTORY_MISSING_FILE` when `events.jsonl`, `model_turns.json` or `messages.jsonl` is missing;
 * `TRAJECTORY_MALFORMED` for a line or file that is not JSON or fails its schema;
 * `TRAJECTORY_INCONSISTENT` when the files disagree (seqs, turns, message ids).
 *
 * @example
 * const trajectory = await readTrajectory('runs/demo/arms/baseline/tasks/t1', { blobs: 'runs/demo/blobs' });
 * trajectory.events.length; // the number of tool calls
 */
export async function readTrajectory(dir: string, options: ReadTrajectoryOptions = {}): Promise<Trajectory> {
  const path = (name: string) => join(dir, name);
  const resultBytes = readTrajectoryBytes(
    path(TRAJECTORY_FILES.result),
    () =>
      trajectoryError(
        TRAJECTORY_ERROR_CODES.incomplete,
        path(TRAJECTORY_FILES.result),
        'missing: the run did not finish writing this trajectory, so it is never scored as complete',
      ),
    dir,
  );
  const missing =
    (name: string, why = 'missing') =>
    () =>
      trajectoryError(TRAJECTORY_ERROR_CODES.missingFile, path(name), why, { data: { missing: name } });
  const eventsBytes = readTrajectoryBytes(
    path(TRAJECTORY_FILES.events),
    missing(TRAJECTORY_FILES.events),
    dir,
  );
  const turnsBytes = readTrajectoryBytes(
    path(TRAJECTORY_FILES.turns),
    missing(TRAJECTORY_FILES.turns, WHY_TURNS),
    dir,
  );
  const messagesBytes = readTrajectoryBytes(
    path(TRAJECTORY_FILES.messages),
    missing(TRAJECTORY_FILES.messages),
    dir,
  );
  // The JSONL files go to the line walk as bytes (each line decoded on its own); the JSON ones whole.
  const events = parseTrajectoryJsonl(
    eventsBytes,
    path(TRAJECTORY_FILES.events),
    toolEventSchema,
    isToolEvent,
  );
  const messages = parseTrajectoryJsonl(
    messagesBytes,
    path(TRAJECTORY_FILES.messages),
    modelMessageSchema,
    isModelMessage,
  );
  const turns = parseJsonFile(
    turnsBytes.toString('utf8'),
    path(TRAJECTORY_FILES.turns),
    modelTurnsSchema,
    isModelTurns,
  );
  const result = parseJsonFile(
    resultBytes.toString('utf8'),
    path(TRAJECTORY_FILES.result),
    trajectoryResultSchema,
    isTrajectoryResult,
  );
  checkConsistent(dir, events, turns, messages);
  const blobs = options.blobs ?? locateBlobDir(dir);
  return {
    task_id: result.task_id ?? options.taskId ?? dirTaskId(dir),
    events,
    turns,
    messages,
    result,
    blobs: typeof blobs === 'string' ? new BlobStore(blobs) : blobs,
    dir,
  };
}
