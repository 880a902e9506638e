import { AGENT_TRACK_ATTRIBUTES as A } from '../../importers/otel/agent-track-attributes.js';
import { METRIC_COLUMNS } from '../../metrics/columns.js';
import type { TrajectoryMetrics } from '../../metrics/compute.js';
import type { ModelMessage, ToolEvent, Usage } from '../../schema.js';
import { REFERENCE_TOOL_ROLES, type ToolRoles } from '../../tools/tool-roles.js';
import type { Trajectory } from '../../trajectory.js';
import type { ExportAttribute, ExportSpan } from './export-span.js';
import { spanIdOf, traceIdOf } from './span-ids.js';
import { argumentsText, callIds, toolSpan } from './tool-span.js';

/** Where a trajectory sits in the exported run, and what it answered. */
export interface TrajectoryPlace {
  /** The run's name (its directory's). */
  run: string;
  /** The trajectory's directory under the run, `/`-separated; `''` when the run is the trajectory. */
  path: string;
  /** The arm it belongs to (`arms/<arm>/...`), when it is in one. */
  arm?: string;
  /** The task (a rollout's own task) and which repeat of it this is (1-based). */
  task: string;
  repeat: number;
}

export interface TrajectorySpanOptions {
  /** The model the run asked, when known: `gen_ai.request.model` / `gen_ai.response.model`. */
  model?: string;
  /** The roles `metrics` was computed with, written on the root (default: the reference server's). */
  roles?: ToolRoles;
}

const NANOS_PER_MS = 1_000_000n;
const nanosAt = (iso: string | null): bigint | null => {
  const ms = iso === null ? Number.NaN : Date.parse(iso);
  return Number.isFinite(ms) ? BigInt(ms) * NANOS_PER_MS : null;
};
const nanosFor = (ms: number | null): bigint => (ms === null ? 0n : BigInt(Math.round(ms * 1e6)));
const max = (a: bigint, b: bigint) => (a > b ? a : b);
function earliest(times: readonly bigint[]): bigint | null {
  let first: bigint | null = null;
  for (const time of times) if (first === null || time < first) first = time;
  return first;
}

function usageAttributes(usage: Usage): Record<string, ExportAttribute> {
  return {
    'gen_ai.usage.input_tokens': usage.prompt,
    'gen_ai.usage.output_tokens': usage.completion,
    ...(usage.cached === undefined ? {} : { 'gen_ai.usage.cache_read.input_tokens': usage.cached }),
    ...(usage.reasoning === undefined ? {} : { 'gen_ai.usage.reasoning.output_tokens': usage.reasoning }),
  };
}

// The root's `agent_track.*`: where the trajectory sits, how it ended, and every metric column it defines.
function rootAttributes(
  trajectory: Trajectory,
  metrics: TrajectoryMetrics,
  place: TrajectoryPlace,
  roles: ToolRoles,
): Record<string, ExportAttribute> {
  const { result } = trajectory;
  const columns: Record<string, ExportAttribute> = {};
  for (const column of METRIC_COLUMNS) {
    const value = column.read(metrics);
    if (value !== null) columns[`${A.metrics}${column.key}`] = value;
  }
  return {
    [A.run]: place.run,
    ...(place.path === '' ? {} : { [A.trajectory]: place.path }),
    ...(place.arm === undefined ? {} : { [A.arm]: place.arm }),
    [A.taskId]: trajectory.task_id,
    'agent_track.task.base_id': place.task,
    [A.repeat]: place.repeat,
    [A.outcome]: result.outcome,
    [A.turns]: result.turns,
    ...(result.turn_budget === null ? {} : { [A.turnBudget]: result.turn_budget }),
    [A.timedOut]: result.timed_out,
    ...(result.error === undefined ? {} : { [A.error]: result.error }),
    ...(result.patch === undefined ? {} : { [A.patch]: result.patch }),
    ...(result.cost_usd === undefined ? {} : { [A.runCost]: result.cost_usd }),
    [A.roles]: JSON.stringify(roles),
    ...columns,
  };
}

const outputMessages = (parts: unknown[], finishReason: string | null) =>
  JSON.stringify([
    { role: 'assistant', parts, ...(finishReason === null ? {} : { finish_reason: finishReason }) },
  ]);

/**
 * One trajectory as the spans of one trace, under the OpenTelemetry GenAI semantic conventions: an
 * `invoke_agent` root (the conversation, the run's recorded usage total, the answer, and under
 * `agent_track.*` its place in the run, its ending, the tool roles and every metric column), a `chat` span per
 * model message (usage, finish reason, text and the calls it asked for) and an `execute_tool`
 * span per call. Ids are hashes of the run, the trajectory and the part; times are the
 * trajectory's (a message's span runs from the previous turn's last call to its own first call).
 *
 * @example
 * const spans = trajectorySpans(trajectory, computeMetrics(trajectory), { run: 'demo', path: 'tasks/t1', task: 't1', repeat: 1 });
 */
export function trajectorySpans(
  trajectory: Trajectory,
  metrics: TrajectoryMetrics,
  place: TrajectoryPlace,
  options: TrajectorySpanOptions = {},
): ExportSpan[] {
  const key = place.path === '' ? trajectory.task_id : place.path;
  const traceId = traceIdOf(place.run, key);
  const rootId = spanIdOf(place.run, key, 'agent');
  const byMessage = new Map<string, ToolEvent[]>();
  for (const event of trajectory.events) {
    const id = trajectory.turns[String(event.seq)]?.message_id ?? '';
    byMessage.set(id, [...(byMessage.get(id) ?? []), event]);
  }
  const eventsOf = (message: ModelMessage) => byMessage.get(message.id) ?? [];
  const ids = callIds(trajectory.messages, eventsOf);
  const { result } = trajectory;
  const timed = trajectory.events.flatMap((event) => nanosAt(event.started_at) ?? []);
  const rootStart = nanosAt(result.started_at) ?? earliest(timed) ?? 0n;
  let cursor = rootStart;
  const children: ExportSpan[] = [];
  const model: Record<string, ExportAttribute> =
    options.model === undefined
      ? {}
      : { 'gen_ai.request.model': options.model, 'gen_ai.response.model': options.model };
  for (const message of trajectory.messages) {
    const calls = eventsOf(message);
    const firstCall = calls.flatMap((event) => nanosAt(event.started_at) ?? [])[0];
    const chatStart = cursor;
    const chatEnd = firstCall === undefined ? chatStart : max(firstCall, chatStart);
    cursor = chatEnd;
    const parts: unknown[] = [
      ...(message.content === '' ? [] : [{ type: 'text', content: message.content }]),
      ...calls.map((event) => ({
        type: 'tool_call',
        id: ids.get(event.seq),
        name: event.tool,
        arguments: argumentsText(event),
      })),
    ];
    children.push({
      traceId,
      spanId: spanIdOf(place.run, key, `turn:${message.turn}:${message.id}`),
      parentSpanId: rootId,
      name: options.model === undefined ? 'chat' : `chat ${options.model}`,
      kind: 'client',
      start: chatStart,
      end: chatEnd,
      attributes: {
        'gen_ai.operation.name': 'chat',
        ...model,
        'gen_ai.response.id': message.id,
        ...(message.finish_reason === null
          ? {}
          : { 'gen_ai.response.finish_reasons': [message.finish_reason] }),
        ...(message.usage === undefined ? {} : usageAttributes(message.usage)),
        'gen_ai.output.messages': outputMessages(parts, message.finish_reason),
        [A.turn]: message.turn,
        ...(message.cost_usd === undefined ? {} : { [A.messageCost]: message.cost_usd }),
      },
      status: { code: 'unset' },
    });
    for (const event of calls) {
      const start = nanosAt(event.started_at);
      const time =
        start === null ? { start: 0n, end: 0n } : { start, end: start + nanosFor(event.duration_ms) };
      if (start !== null) cursor = max(cursor, time.end);
      const spanId = spanIdOf(place.run, key, `call:${event.seq}`);
      children.push(
        toolSpan(
          trajectory,
          event,
          { traceId, spanId, parentSpanId: rootId, callId: ids.get(event.seq)! },
          time,
        ),
      );
    }
  }
  const recordedEnd =
    result.started_at === null || result.duration_ms === null
      ? null
      : rootStart + nanosFor(result.duration_ms);
  const rootEnd = recordedEnd ?? max(cursor, rootStart);
  const agent = place.arm ?? place.run;
  const root: ExportSpan = {
    traceId,
    spanId: rootId,
    name: `invoke_agent ${agent}`,
    kind: 'internal',
    start: rootStart,
    end: rootEnd,
    attributes: {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': agent,
      'gen_ai.conversation.id': `${place.run}/${key}`,
      ...model,
      ...(result.usage === undefined ? {} : usageAttributes(result.usage)),
      ...(result.answer === null
        ? {}
        : { 'gen_ai.output.messages': outputMessages([{ type: 'text', content: result.answer }], null) }),
      ...rootAttributes(trajectory, metrics, place, options.roles ?? REFERENCE_TOOL_ROLES),
    },
    status: result.error === undefined ? { code: 'unset' } : { code: 'error', message: result.error },
  };
  return [root, ...children];
}
