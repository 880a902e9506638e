import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import {
  type ModelMessage,
  modelMessageSchema,
  type ResultRow,
  type ToolEvent,
  type TrajectoryResult,
  toolEventSchema,
  trajectoryResultSchema,
} from '../../src/trajectory/schema.js';
import type { Trajectory } from '../../src/trajectory/trajectory.js';

/** One call as a test writes it: only what the case is about. */
export interface CallSpec {
  tool: string;
  /** 1-based turn that proposed the call. */
  turn: number;
  args?: Record<string, unknown>;
  ids?: string[];
  ok?: boolean;
  /** The whole result text (stored as the blob); the preview is its first `previewBytes` bytes. */
  text?: string;
  rows?: ResultRow[];
  /** When true, the blob is left out of the store (a run whose blobs were not kept). */
  dropBlob?: boolean;
}

export interface TrajectorySpec {
  calls?: CallSpec[];
  messages?: Partial<ModelMessage>[];
  result?: Partial<TrajectoryResult>;
  previewBytes?: number;
  task_id?: string;
}

function previewOf(text: string, cap: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= cap) return text;
  // Cut on a UTF-8 boundary: back off over continuation bytes.
  let end = cap;
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}

/** Builds a schema-valid in-memory trajectory; every event, message and result is parsed. */
export function buildTrajectory(spec: TrajectorySpec = {}): Trajectory {
  const store = new Map<string, string>();
  const turns: Trajectory['turns'] = {};
  const events: ToolEvent[] = (spec.calls ?? []).map((call, seq) => {
    const text = call.text ?? (call.ids ?? []).join('\n');
    const blob = createHash('sha256').update(text).digest('hex');
    if (call.dropBlob !== true) store.set(blob, text);
    turns[String(seq)] = { message_id: `m${call.turn}`, turn: call.turn };
    return toolEventSchema.parse({
      seq,
      tool: call.tool,
      args: call.args ?? {},
      ok: call.ok ?? true,
      ...(call.ok === false ? { error: 'failed' } : {}),
      preview: previewOf(text, spec.previewBytes ?? 2048),
      blob,
      bytes: Buffer.byteLength(text, 'utf8'),
      identifiers: call.ids ?? [],
      ...(call.rows === undefined ? {} : { rows: call.rows }),
      started_at: '2025-01-01T00:00:00.000Z',
      duration_ms: 1,
    });
  });
  const messages = (spec.messages ?? []).map((message) =>
    modelMessageSchema.parse({
      id: 'm1',
      turn: 1,
      finish_reason: 'stop',
      content: '',
      tool_calls: [],
      ...message,
    }),
  );
  const lastTurn = Math.max(0, ...(spec.calls ?? []).map((call) => call.turn));
  const result = trajectoryResultSchema.parse({
    answer: 'done',
    outcome: 'answered',
    turn_budget: 10,
    turns: lastTurn + 1,
    timed_out: false,
    started_at: '2025-01-01T00:00:00.000Z',
    duration_ms: 1000,
    ...spec.result,
  });
  return {
    task_id: spec.task_id ?? 'task-1',
    events,
    turns,
    messages,
    result,
    blobs: { read: (sha256) => store.get(sha256) },
  };
}
