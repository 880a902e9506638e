import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Attributes, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  detectTranscriptFormat,
  importTranscript,
} from '../../../src/trajectory/importers/import-transcript.js';
import { readTrajectory } from '../../../src/trajectory/reader/read-trajectory.js';
import { type ScoredTrajectory, scorePath } from '../../../src/trajectory/score/score-path.js';
import { tempDir } from '../helpers.js';

const T0 = Date.UTC(2026, 0, 2); // the spans' clock: milliseconds after 2026-01-02T00:00:00Z
const at = (ms: number) => T0 + ms;

// A code agent's run as the real OpenTelemetry JS SDK records it: an invoke_agent span, two chat
// spans and three execute_tool spans (the last failing), under the GenAI semantic conventions.
async function sdkTrace(): Promise<string> {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'sdk-agent' }),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const tracer = provider.getTracer('agent-track-test', '1.0.0');
  const agent = tracer.startSpan(
    'invoke_agent code-agent',
    {
      startTime: at(0),
      attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.conversation.id': 'sdk-conv-1' },
    },
    ROOT_CONTEXT,
  );
  const inAgent = trace.setSpan(ROOT_CONTEXT, agent);
  const span = (name: string, start: number, end: number, attributes: Attributes, fail?: string) => {
    const child = tracer.startSpan(
      name,
      { kind: SpanKind.CLIENT, startTime: at(start), attributes },
      inAgent,
    );
    if (fail !== undefined) {
      child.recordException(new Error(fail));
      child.setStatus({ code: SpanStatusCode.ERROR, message: fail });
      child.setAttribute('error.type', 'FileNotFoundError');
    }
    child.end(at(end));
  };
  const tool = (id: string, name: string, args: object, result?: string) => ({
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': name,
    'gen_ai.tool.call.id': id,
    'gen_ai.tool.call.arguments': JSON.stringify(args),
    ...(result === undefined ? {} : { 'gen_ai.tool.call.result': result }),
  });
  const asked = (ids: [string, string][]) =>
    JSON.stringify([
      { role: 'assistant', parts: ids.map(([id, name]) => ({ type: 'tool_call', id, name, arguments: {} })) },
    ]);
  span('chat claude-sonnet', 10, 400, {
    'gen_ai.operation.name': 'chat',
    'gen_ai.request.model': 'claude-sonnet',
    'gen_ai.usage.input_tokens': 1000,
    'gen_ai.usage.output_tokens': 50,
    'gen_ai.response.finish_reasons': ['tool_calls'],
    'gen_ai.output.messages': asked([['toolu_1', 'search_codebase']]),
  });
  span(
    'execute_tool search_codebase',
    410,
    460,
    tool('toolu_1', 'search_codebase', { query: 'cart total' }, 'src/cart.py:10 def total(self):'),
  );
  span('chat claude-sonnet', 470, 900, {
    'gen_ai.operation.name': 'chat',
    'gen_ai.usage.input_tokens': 1200,
    'gen_ai.usage.output_tokens': 60,
    'gen_ai.output.messages': asked([
      ['toolu_2', 'read_file'],
      ['toolu_3', 'read_file'],
    ]),
  });
  span(
    'execute_tool read_file',
    910,
    930,
    tool('toolu_2', 'read_file', { path: 'src/cart.py' }, 'def total(self):\n    return sum(self.items)\n'),
  );
  span(
    'execute_tool read_file',
    915,
    950,
    tool('toolu_3', 'read_file', { path: 'src/tax.py' }),
    'ENOENT: src/tax.py',
  );
  agent.setAttribute(
    'gen_ai.output.messages',
    JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'Cart.total sums the items.' }] }]),
  );
  agent.end(at(1200));
  await provider.forceFlush();
  const body = JsonTraceSerializer.serializeRequest(exporter.getFinishedSpans());
  await provider.shutdown();
  return new TextDecoder().decode(body);
}

describe('a trace made by the OpenTelemetry JS SDK, serialised as OTLP/HTTP JSON', () => {
  let body: string;
  beforeAll(async () => {
    body = await sdkTrace();
  });
  // Written per test: the helpers remove each test's temp directories after it.
  const traceFile = () => {
    const file = join(tempDir(), 'sdk-trace.json');
    writeFileSync(file, body);
    return file;
  };

  test('is detected as `otel` and imports as one trajectory: three calls in two turns', async () => {
    expect(detectTranscriptFormat(body)).toBe('otel');
    const file = traceFile();
    const [imported, ...rest] = await importTranscript(file, { runDir: tempDir() });
    expect(rest).toEqual([]);
    expect(imported).toMatchObject({
      task_id: 'sdk-conv-1',
      format: 'otel',
      complete: true,
      calls: 3,
      messages: 2,
    });
    // The SDK's span ids are random: the one warning names the failed call's span, whatever its id.
    expect(imported!.warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${file.replaceAll('.', '\\.')}\\[0\\]: span \`[0-9a-f]{16}\` \\(read_file\\): no result attribute; recorded as an empty result$`,
        ),
      ),
    ]);
    const trajectory = await readTrajectory(imported!.dir);
    expect(
      trajectory.events.map((event) => [
        event.tool,
        event.args,
        event.ok,
        event.error,
        event.started_at,
        event.duration_ms,
      ]),
    ).toEqual([
      ['search_codebase', { query: 'cart total' }, true, undefined, '2026-01-02T00:00:00.410Z', 50],
      ['read_file', { path: 'src/cart.py' }, true, undefined, '2026-01-02T00:00:00.910Z', 20],
      ['read_file', { path: 'src/tax.py' }, false, 'ENOENT: src/tax.py', '2026-01-02T00:00:00.915Z', 35],
    ]);
    expect(trajectory.blobs.read(trajectory.events[1]!.blob)).toBe(
      'def total(self):\n    return sum(self.items)\n',
    );
    expect(Object.values(trajectory.turns).map((entry) => entry.turn)).toEqual([1, 2, 2]);
    expect(trajectory.messages.map((message) => [message.turn, message.tool_calls, message.usage])).toEqual([
      [1, [{ id: 'toolu_1', name: 'search_codebase' }], { prompt: 1000, completion: 50 }],
      [
        2,
        [
          { id: 'toolu_2', name: 'read_file' },
          { id: 'toolu_3', name: 'read_file' },
        ],
        { prompt: 1200, completion: 60 },
      ],
    ]);
    expect(trajectory.result).toMatchObject({
      answer: 'Cart.total sums the items.',
      outcome: 'answered',
      turns: 2,
      started_at: '2026-01-02T00:00:00.000Z',
      duration_ms: 1200,
    });
  });

  test('scorePath scores it with the generic roles: 3 calls, 2 tools, usage 2200 / 110', async () => {
    const scored: ScoredTrajectory[] = [];
    for await (const item of scorePath(traceFile())) scored.push(item);
    expect(scored).toHaveLength(1);
    expect(scored[0]!.error).toBeUndefined();
    expect(scored[0]!.metrics).toMatchObject({
      task_id: 'sdk-conv-1',
      tool_calls_total: 3,
      distinct_tools_used: 2,
      calls_by_tool: { search_codebase: 1, read_file: 2 },
      // generic roles: every call that returned content yields; the failed call is not zero-yield,
      // it is failed (1 of 3), and so needless
      zero_yield_rate: 0,
      failed_call_rate: 1 / 3,
      needless_call_rate: 1 / 3,
      parallel_calls_per_turn: 1.5,
      turns: 2,
      outcome: 'answered',
      usage: { prompt: 2200, completion: 110, messages: 2 },
    });
  });
});
