import { readFile } from 'node:fs/promises';
import { AgentTrackError, describeIssues } from '../../../core/index.js';
import {
  type ImportedRun,
  type ImportedTrajectory,
  type WriteImportOptions,
  writeImportedRun,
} from '../imported-run.js';
import { parseTranscript } from '../parse-transcript.js';
import { otlpTracesSchema } from './schema.js';
import { readSpan, type SpanView } from './span-view.js';
import { convertTrace, type TraceRunOptions } from './trace-run.js';

export interface OtelImportOptions extends TraceRunOptions {
  /** Names the input in messages (default `transcript`). */
  source?: string;
}

// Every span of every record, refusing a record that is not OTLP traces, naming where it is.
function spansOf(text: string, source: string): { spans: SpanView[]; truncated: boolean } {
  const { records, truncated } = parseTranscript(text, source);
  const spans: SpanView[] = [];
  for (const { value, where } of records) {
    const parsed = otlpTracesSchema.safeParse(value);
    if (!parsed.success) {
      throw new AgentTrackError(
        'IMPORT_MALFORMED',
        `${where}: not an OTLP JSON trace export: ${describeIssues(parsed.error.issues, value)}`,
        { data: { where }, cause: parsed.error },
      );
    }
    for (const resource of parsed.data.resourceSpans)
      for (const scope of resource.scopeSpans ?? [])
        for (const span of scope.spans ?? []) spans.push(readSpan(span, where));
  }
  return { spans, truncated };
}

// A span's conversation: its own `gen_ai.conversation.id` / `session.id`, else the first one its
// trace names (so the spans of a conversation that name it only on some spans stay together), else its trace.
function groupSpans(spans: readonly SpanView[]): Map<string, SpanView[]> {
  const traceConversation = new Map<string, string>();
  for (const span of spans)
    if (span.conversation !== undefined && !traceConversation.has(span.trace_id))
      traceConversation.set(span.trace_id, span.conversation);
  const groups = new Map<string, SpanView[]>();
  for (const span of spans) {
    const key = span.conversation ?? traceConversation.get(span.trace_id) ?? span.trace_id;
    groups.set(key, [...(groups.get(key) ?? []), span]);
  }
  return groups;
}

/**
 * Converts OTLP JSON traces (the collector's file export, one `{resourceSpans}` a line, or an
 * OTLP/HTTP JSON request body) to imported runs without writing anything: one per conversation
 * (`gen_ai.conversation.id` or OpenInference `session.id`), else one per trace, the task id being
 * that id. Spans are read by the GenAI semantic conventions or OpenInference's attributes. A trace
 * with no tool, model or agent span gives no run; its spans are reported in the first run's warnings.
 *
 * @example
 * const runs = convertOtel(readFileSync('traces.jsonl', 'utf8'), { source: 'traces.jsonl' });
 */
export function convertOtel(text: string, options: OtelImportOptions = {}): ImportedRun[] {
  const source = options.source ?? 'transcript';
  const { spans, truncated } = spansOf(text, source);
  const runs: ImportedRun[] = [];
  const orphans: string[] = [];
  for (const [id, group] of groupSpans(spans)) {
    const run = convertTrace(group, id, options);
    if (group.some((span) => span.role.kind !== 'unknown')) runs.push(run);
    else orphans.push(...run.warnings);
  }
  if (runs.length === 0) {
    throw new AgentTrackError(
      'IMPORT_MALFORMED',
      `${source}: no span is a GenAI or OpenInference tool, model or agent span (${spans.length} span(s) read)`,
      { data: { file: source, spans: spans.length } },
    );
  }
  const note = truncated ? [`${source}: the last line is torn (cut off mid-write) and was dropped`] : [];
  runs[0] = { ...runs[0]!, warnings: [...note, ...orphans, ...runs[0]!.warnings] };
  return runs;
}

/**
 * Imports an OTLP JSON trace file into a run directory: one trajectory per conversation or trace
 * under `<runDir>/tasks/`, full tool results in `<runDir>/blobs/`.
 *
 * @example
 * const imported = await importOtel('traces.otlp.jsonl', { runDir: 'runs/otel' });
 */
export async function importOtel(
  file: string,
  options: OtelImportOptions & WriteImportOptions,
): Promise<ImportedTrajectory[]> {
  const text = await readFile(file, 'utf8');
  return convertOtel(text, { ...options, source: options.source ?? file }).map((run) => ({
    ...writeImportedRun(run, options),
    format: 'otel' as const,
  }));
}
