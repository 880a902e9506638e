import { AGENT_TRACK_ATTRIBUTES as A } from '../../importers/otel/agent-track-attributes.js';
import { previewIsWhole, resultText } from '../../metrics/result-text.js';
import type { ModelMessage, ToolEvent } from '../../schema.js';
import type { Trajectory } from '../../trajectory.js';
import type { ExportAttribute, ExportSpan } from './export-span.js';

/**
 * The call id each event is exported under. A ToolEvent keeps no call id, so a call takes the id
 * of the first call its message proposed under the same tool name that no other call took; else
 * (the message named its calls otherwise, or not at all) `call-SEQ`. Ids are unique in the trajectory.
 *
 * @example
 * callIds(messages, eventsByMessage).get(0); // 'toolu_01' (the message's own id for it) or 'call-0'
 */
export function callIds(
  messages: readonly ModelMessage[],
  eventsOf: (message: ModelMessage) => readonly ToolEvent[],
): Map<number, string> {
  const ids = new Map<number, string>();
  const taken = new Set<string>();
  for (const message of messages) {
    const offered = [...message.tool_calls];
    for (const event of eventsOf(message)) {
      const index = offered.findIndex((call) => call.name === event.tool && !taken.has(call.id));
      let id = index >= 0 ? offered.splice(index, 1)[0]!.id : `call-${event.seq}`;
      for (let n = 2; taken.has(id); n++) id = `call-${event.seq}-${n}`;
      taken.add(id);
      ids.set(event.seq, id);
    }
  }
  return ids;
}

/** A call's arguments as the model sent them: the raw text when they were not a JSON object. */
export function argumentsText(event: ToolEvent): string {
  return event.args_raw ?? JSON.stringify(event.args);
}

/**
 * The `execute_tool` span of one call (GenAI conventions: `gen_ai.tool.name`, `.call.id`,
 * `.call.arguments`, `.call.result`, the whole result when the store holds it, else the preview),
 * with what the conventions lack under `agent_track.call.*`: seq, identifiers, rows, bytes, blob.
 */
export function toolSpan(
  trajectory: Trajectory,
  event: ToolEvent,
  ids: { traceId: string; spanId: string; parentSpanId: string; callId: string },
  time: { start: bigint; end: bigint },
): ExportSpan {
  const text = resultText(trajectory, event);
  const cut = !previewIsWhole(event) && text === event.preview;
  const attributes: Record<string, ExportAttribute> = {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': event.tool,
    'gen_ai.tool.type': 'function',
    'gen_ai.tool.call.id': ids.callId,
    'gen_ai.tool.call.arguments': argumentsText(event),
    'gen_ai.tool.call.result': text,
    [A.seq]: event.seq,
    [A.identifiers]: event.identifiers,
    ...(event.rows === undefined ? {} : { [A.rows]: JSON.stringify(event.rows) }),
    [A.bytes]: event.bytes,
    [A.blob]: event.blob,
    ...(cut ? { [A.resultCut]: true } : {}),
  };
  return {
    traceId: ids.traceId,
    spanId: ids.spanId,
    parentSpanId: ids.parentSpanId,
    name: `execute_tool ${event.tool}`,
    kind: 'internal',
    start: time.start,
    end: time.end,
    attributes,
    status: event.ok ? { code: 'unset' } : { code: 'error', message: event.error ?? '' },
  };
}
