import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { packageVersion } from '../../../core/index.js';
import type { ExportSpan } from './export-span.js';

// This module loads the OpenTelemetry SDK: it is imported only when an export runs (`exportOtlp`).

type ReadableSpan = Parameters<OTLPTraceExporter['export']>[0][number];

/** Where an export goes: an OTLP/HTTP endpoint, or a file in the collector's file-exporter format. */
export type OtlpDestination =
  | { kind: 'http'; url: string; headers: Record<string, string>; timeoutMs: number }
  | { kind: 'file'; path: string };

/** Takes one trajectory's spans at a time; `close` finishes the destination (a file is renamed into place). */
export interface SpanSink {
  /** Sends the spans; resolves to the bytes of their OTLP JSON. */
  send(spans: readonly ExportSpan[]): Promise<number>;
  close(): Promise<void>;
  /** Drops a half-written destination (a file's temp copy) after a failure. */
  abandon(): void;
}

const NANOS_PER_SECOND = 1_000_000_000n;
const hrTime = (nanos: bigint): [number, number] => [
  Number(nanos / NANOS_PER_SECOND),
  Number(nanos % NANOS_PER_SECOND),
];

// The SDK's view of a span, built directly (no tracer): the ids and times are the export's own.
function readable(spans: readonly ExportSpan[]): ReadableSpan[] {
  const resource = resourceFromAttributes({ 'service.name': 'agent-track' });
  const instrumentationScope = { name: 'agent-track', version: packageVersion() };
  return spans.map((span) => ({
    name: span.name,
    kind: span.kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL,
    spanContext: () => ({ traceId: span.traceId, spanId: span.spanId, traceFlags: 1 }),
    ...(span.parentSpanId === undefined
      ? {}
      : { parentSpanContext: { traceId: span.traceId, spanId: span.parentSpanId, traceFlags: 1 } }),
    startTime: hrTime(span.start),
    endTime: hrTime(span.end),
    duration: hrTime(span.end - span.start),
    status:
      span.status.code === 'error'
        ? { code: SpanStatusCode.ERROR, message: span.status.message ?? '' }
        : { code: SpanStatusCode.UNSET },
    attributes: span.attributes,
    links: [],
    events: [],
    ended: true,
    resource,
    instrumentationScope,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  }));
}

function serialized(spans: ReadableSpan[]): Uint8Array {
  return JsonTraceSerializer.serializeRequest(spans) ?? new Uint8Array();
}

// One `{resourceSpans}` line per trajectory, into a temp file renamed over the target when done
// (its directory made first, as any other output of a run).
function fileSink(path: string): SpanSink {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w');
  let open = true;
  const shut = () => {
    if (open) closeSync(fd);
    open = false;
  };
  return {
    send: async (spans) => {
      const body = serialized(readable(spans));
      writeSync(fd, body);
      writeSync(fd, '\n');
      return body.length + 1;
    },
    close: async () => {
      shut();
      renameSync(temp, path);
    },
    abandon: () => {
      shut();
      rmSync(temp, { force: true });
    },
  };
}

// OTLP/HTTP JSON through the SDK's own exporter (its retries within the timeout).
function httpSink(destination: Extract<OtlpDestination, { kind: 'http' }>): SpanSink {
  const exporter = new OTLPTraceExporter({
    url: destination.url,
    headers: destination.headers,
    timeoutMillis: destination.timeoutMs,
  });
  return {
    send: (spans) => {
      const items = readable(spans);
      const bytes = serialized(items).length;
      return new Promise((resolve, reject) => {
        exporter.export(items, (result) => {
          // 0 is `ExportResultCode.SUCCESS`.
          if (result.code === 0) resolve(bytes);
          else reject(result.error ?? new Error('the receiver refused the spans'));
        });
      });
    },
    close: () => exporter.shutdown(),
    abandon: () => {
      void exporter.shutdown();
    },
  };
}

/**
 * Opens the destination of an export: OTLP/HTTP JSON to a URL (`@opentelemetry/exporter-trace-otlp-http`),
 * or the collector's file-exporter JSONL (the SDK's `JsonTraceSerializer`, one line a trajectory).
 *
 * @example
 * const sink = openSpanSink({ kind: 'file', path: 'traces.otlp.jsonl' });
 */
export function openSpanSink(destination: OtlpDestination): SpanSink {
  return destination.kind === 'file' ? fileSink(destination.path) : httpSink(destination);
}
