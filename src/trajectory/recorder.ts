import { appendFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { AgentTrackError, describeIssues } from '../core/index.js';
import { TRAJECTORY_FILES } from './files.js';
import {
  type ModelMessage,
  type ModelTurns,
  modelMessageSchema,
  type ResultRow,
  type ToolEvent,
  type TrajectoryResult,
  toolEventSchema,
  trajectoryResultSchema,
  type Usage,
} from './schema.js';
import { writeJsonAtomic } from './store/atomic-write.js';
import { BlobStore } from './store/blob-store.js';
import { DEFAULT_PREVIEW_BYTES, previewOf } from './store/preview.js';
import type { Trajectory } from './trajectory.js';

export interface RecorderOptions {
  /** Task id the run answers; written to `result.json`. */
  taskId: string;
  /** The run's blob store, or its directory. */
  blobs: BlobStore | string;
  /** Cap on each event's `preview`, in UTF-8 bytes (default 2048). */
  previewBytes?: number;
  /** Replace a trajectory already in `dir` (default: refuse). */
  overwrite?: boolean;
}

/** A model message as the harness knows it; `turn` defaults to the next turn. */
export interface MessageInput {
  id: string;
  turn?: number;
  finish_reason?: string | null;
  content?: string;
  tool_calls?: { id: string; name: string }[];
  usage?: Usage;
  cost_usd?: number;
}

/** One finished tool call. `message_id` names the recorded message that proposed it (and so its turn). */
export interface ToolCallInput {
  tool: string;
  args?: Record<string, unknown>;
  /** The raw argument string when it was not valid JSON (`args` is then `{}`). */
  args_raw?: string;
  message_id: string;
  /** The whole result text: stored as a blob, its head kept as the preview. */
  result: string;
  ok: boolean;
  error?: string;
  identifiers?: string[];
  rows?: ResultRow[];
  started_at?: string | Date | null;
  duration_ms?: number | null;
}

/** How the run ended; the recorder adds `task_id`. */
export type ResultInput = Omit<TrajectoryResult, 'task_id'>;

function validate<T>(schema: z.ZodType<T>, value: unknown, code: string, what: string, dir: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AgentTrackError(
    code,
    `Invalid ${what} for the trajectory in ${dir}: ${describeIssues(parsed.error.issues, undefined)}`,
    {
      data: { dir, issues: parsed.error.issues },
      cause: parsed.error,
    },
  );
}

/**
 * Writes one trajectory directory as the run happens: `messages.jsonl` and `events.jsonl` get a
 * line per message and call (one append each, so a crash leaves at most a torn last line);
 * `finish` writes `model_turns.json`, then `result.json`, each atomically. Until `result.json`
 * exists the directory is incomplete and `readTrajectory` refuses it.
 *
 * @example
 * const rec = Recorder.create('runs/demo/tasks/t1', { taskId: 't1', blobs: 'runs/demo/blobs' });
 * rec.recordMessage({ id: 'm1', finish_reason: 'tool_calls', tool_calls: [{ id: 'c1', name: 'get_symbol' }] });
 * rec.recordToolCall({ tool: 'get_symbol', args: { target: 'a.b' }, message_id: 'm1', result: 'def b(): ...',
 *   ok: true, identifiers: ['a.b'], started_at: new Date(), duration_ms: 12 });
 * rec.recordMessage({ id: 'm2', finish_reason: 'stop', content: 'b is defined in a.py' });
 * rec.finish({ answer: 'b is defined in a.py', outcome: 'answered', turn_budget: 10, turns: 2,
 *   timed_out: false, started_at: null, duration_ms: null });
 */
export class Recorder {
  readonly dir: string;
  readonly taskId: string;
  readonly blobs: BlobStore;
  readonly #previewBytes: number;
  readonly #events: ToolEvent[] = [];
  readonly #messages: ModelMessage[] = [];
  readonly #turnOf = new Map<string, number>();
  readonly #turns: ModelTurns = {};
  #finished = false;

  private constructor(dir: string, options: RecorderOptions) {
    this.dir = dir;
    this.taskId = options.taskId;
    this.blobs = typeof options.blobs === 'string' ? new BlobStore(options.blobs) : options.blobs;
    this.#previewBytes = options.previewBytes ?? DEFAULT_PREVIEW_BYTES;
  }

  /** Opens `dir` for a new trajectory: refuses one already there unless `overwrite`. */
  static create(dir: string, options: RecorderOptions): Recorder {
    const files = Object.values(TRAJECTORY_FILES).map((name) => join(dir, name));
    const present = files.filter((file) => existsSync(file));
    if (present.length > 0 && options.overwrite !== true) {
      throw new AgentTrackError(
        'TRAJECTORY_EXISTS',
        `A trajectory already exists in ${dir}; pass \`overwrite: true\` to replace it`,
        { data: { dir, files: present } },
      );
    }
    const recorder = new Recorder(dir, options);
    mkdirSync(dir, { recursive: true });
    // result.json goes first, so the directory reads as incomplete while it is rewritten.
    for (const file of [...files].reverse()) rmSync(file, { force: true });
    writeFileSync(join(dir, TRAJECTORY_FILES.events), '');
    writeFileSync(join(dir, TRAJECTORY_FILES.messages), '');
    return recorder;
  }

  get finished(): boolean {
    return this.#finished;
  }

  get events(): readonly ToolEvent[] {
    return this.#events;
  }

  /** Appends one model message to `messages.jsonl`; ids are unique within a trajectory. */
  recordMessage(message: MessageInput): ModelMessage {
    this.#assertOpen();
    if (this.#turnOf.has(message.id)) {
      throw new AgentTrackError(
        'DUPLICATE_MESSAGE',
        `Message id \`${message.id}\` was already recorded in ${this.dir}`,
        {
          data: { dir: this.dir, message_id: message.id },
        },
      );
    }
    const last = this.#messages.at(-1)?.turn ?? 0;
    const record = validate(
      modelMessageSchema,
      {
        id: message.id,
        turn: message.turn ?? last + 1,
        finish_reason: message.finish_reason ?? null,
        content: message.content ?? '',
        tool_calls: message.tool_calls ?? [],
        ...(message.usage === undefined ? {} : { usage: message.usage }),
        ...(message.cost_usd === undefined ? {} : { cost_usd: message.cost_usd }),
      },
      'INVALID_MESSAGE',
      'message',
      this.dir,
    );
    appendFileSync(join(this.dir, TRAJECTORY_FILES.messages), `${JSON.stringify(record)}\n`);
    this.#messages.push(record);
    this.#turnOf.set(record.id, record.turn);
    return record;
  }

  /** Stores the result as a blob and appends one ToolEvent (next `seq`) to `events.jsonl`. */
  recordToolCall(call: ToolCallInput): ToolEvent {
    this.#assertOpen();
    const turn = this.#turnOf.get(call.message_id);
    if (turn === undefined) {
      throw new AgentTrackError(
        'UNKNOWN_MESSAGE',
        `Tool call \`${call.tool}\` names message \`${call.message_id}\`, which was not recorded in ${this.dir}; record the message first`,
        { data: { dir: this.dir, message_id: call.message_id, tool: call.tool } },
      );
    }
    const { sha256, bytes } = this.blobs.write(call.result);
    const startedAt =
      call.started_at instanceof Date ? call.started_at.toISOString() : (call.started_at ?? null);
    const event = validate(
      toolEventSchema,
      {
        seq: this.#events.length,
        tool: call.tool,
        args: call.args ?? {},
        ...(call.args_raw === undefined ? {} : { args_raw: call.args_raw }),
        ok: call.ok,
        ...(call.error === undefined ? {} : { error: call.error }),
        preview: previewOf(call.result, this.#previewBytes),
        blob: sha256,
        bytes,
        identifiers: call.identifiers ?? [],
        ...(call.rows === undefined ? {} : { rows: call.rows }),
        started_at: startedAt,
        duration_ms: call.duration_ms ?? null,
      },
      'INVALID_TOOL_CALL',
      'tool call',
      this.dir,
    );
    appendFileSync(join(this.dir, TRAJECTORY_FILES.events), `${JSON.stringify(event)}\n`);
    this.#events.push(event);
    this.#turns[String(event.seq)] = { message_id: call.message_id, turn };
    return event;
  }

  /** Writes `model_turns.json` then `result.json` (atomically) and returns the trajectory as read back. */
  finish(result: ResultInput): Trajectory {
    this.#assertOpen();
    const record = validate(
      trajectoryResultSchema,
      { task_id: this.taskId, ...result },
      'INVALID_RESULT',
      'result',
      this.dir,
    );
    writeJsonAtomic(join(this.dir, TRAJECTORY_FILES.turns), this.#turns);
    writeJsonAtomic(join(this.dir, TRAJECTORY_FILES.result), record);
    this.#finished = true;
    return {
      task_id: this.taskId,
      events: this.#events,
      turns: this.#turns,
      messages: this.#messages,
      result: record,
      blobs: this.blobs,
      dir: this.dir,
    };
  }

  #assertOpen(): void {
    if (this.#finished) {
      throw new AgentTrackError('RECORDER_FINISHED', `The trajectory in ${this.dir} is already finished`, {
        data: { dir: this.dir },
      });
    }
  }
}
