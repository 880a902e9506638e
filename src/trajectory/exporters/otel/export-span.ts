/** An attribute value as OTLP carries it (the SDK's `AttributeValue`, as far as an export writes). */
export type ExportAttribute = string | number | boolean | string[];

/**
 * One span of an export, before any OpenTelemetry package is loaded: what `trajectorySpans` builds
 * and the sink hands to the SDK's serializer. Times are nanoseconds since the epoch; `0n` is a time
 * the trajectory did not record (the importer reads it as unknown).
 */
export interface ExportSpan {
  traceId: string;
  spanId: string;
  /** The root's span id for a chat or tool span; absent on the root. */
  parentSpanId?: string;
  name: string;
  /** `client` for a model call, `internal` for the agent and its tool calls. */
  kind: 'internal' | 'client';
  start: bigint;
  end: bigint;
  attributes: Record<string, ExportAttribute>;
  /** A failed tool call is `error`, with its message. */
  status: { code: 'unset' | 'error'; message?: string };
}
