import { type ExportedFields, readExportedFields } from './agent-track-attributes.js';
import { attributeMap, stringAttribute } from './attributes.js';
import { genAiRole } from './gen-ai.js';
import { openInferenceRole } from './open-inference.js';
import type { OtlpSpan } from './schema.js';
import type { SpanRole } from './span-role.js';

/** One span as the importer reads it: where it came from, when it ran, what it is. */
export interface SpanView {
  /** `file:line` (or `file[index]`) of the record that held it. */
  where: string;
  trace_id: string;
  span_id: string;
  name: string;
  /** `gen_ai.conversation.id` or `session.id`, when the span names one. */
  conversation: string | undefined;
  /** Nanoseconds since the epoch; `null` when the span does not say. */
  start: bigint | null;
  end: bigint | null;
  /** Why it failed (status message, `error.type`, an `exception` event), when its status is an error. */
  error: string | undefined;
  role: SpanRole;
  /** `gen_ai.response.id`, when the span names one. */
  response_id: string | undefined;
  /** What an agent-track export wrote under `agent_track.*`; `undefined` for a span from elsewhere. */
  exported: ExportedFields | undefined;
}

// A JSON number past 2^53 has lost its last digits already; it is still the nearest nanosecond.
function nanos(value: number | string | undefined): bigint | null {
  if (value === undefined) return null;
  const big = typeof value === 'number' ? BigInt(Math.trunc(value)) : BigInt(value);
  return big === 0n ? null : big;
}

function isErrorStatus(code: number | string | undefined): boolean {
  return code === 2 || code === 'STATUS_CODE_ERROR' || code === 'ERROR';
}

// The span's own account of its failure: the status message, else the `exception` event's, else the error type.
function errorOf(span: OtlpSpan, errorType: string | undefined): string | undefined {
  if (!isErrorStatus(span.status?.code) && errorType === undefined) return undefined;
  const exception = span.events?.find((event) => event.name === 'exception');
  const exceptionMessage =
    exception === undefined
      ? undefined
      : stringAttribute(attributeMap(exception.attributes), 'exception.message');
  const message = span.status?.message;
  return (
    (message === undefined || message === '' ? undefined : message) ??
    exceptionMessage ??
    errorType ??
    'error'
  );
}

/**
 * Reads one OTLP span: the GenAI semantic conventions when it has `gen_ai.operation.name`, else
 * OpenInference when it has `openinference.span.kind`, else it is unknown.
 */
export function readSpan(span: OtlpSpan, where: string): SpanView {
  const map = attributeMap(span.attributes);
  const role: SpanRole =
    map['gen_ai.operation.name'] !== undefined
      ? genAiRole(map)
      : map['openinference.span.kind'] !== undefined
        ? openInferenceRole(map)
        : { kind: 'unknown', what: 'it has neither `gen_ai.operation.name` nor `openinference.span.kind`' };
  return {
    where,
    trace_id: span.traceId,
    span_id: span.spanId,
    name: span.name,
    conversation: stringAttribute(map, 'gen_ai.conversation.id') ?? stringAttribute(map, 'session.id'),
    start: nanos(span.startTimeUnixNano),
    end: nanos(span.endTimeUnixNano),
    error: errorOf(span, stringAttribute(map, 'error.type')),
    role,
    response_id: stringAttribute(map, 'gen_ai.response.id'),
    exported: readExportedFields(map),
  };
}
