import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { convertOtel, importOtel } from '../../../src/trajectory/importers/otel/import-otel.js';
import { metricsRow } from '../../../src/trajectory/metrics/columns.js';
import { computeMetrics } from '../../../src/trajectory/metrics/compute.js';
import { readTrajectory } from '../../../src/trajectory/reader/read-trajectory.js';
import { GENERIC_TOOL_ROLES } from '../../../src/trajectory/tools/tool-roles.js';
import { FIXTURES, tempDir } from '../helpers.js';

const GEN_AI = join(FIXTURES, 'otel', 'gen-ai-weather.jsonl');
const OPEN_INFERENCE = join(FIXTURES, 'otel', 'openinference-session.json');

describe('importOtel: GenAI semantic conventions (collector file export, two lines)', () => {
  test('one trajectory for the conversation; calls in start order, each in the turn that asked for it', async () => {
    const [imported, ...rest] = await importOtel(GEN_AI, { runDir: tempDir() });
    expect(rest).toEqual([]);
    expect(imported).toMatchObject({
      task_id: 'conv-42',
      format: 'otel',
      complete: true,
      calls: 3,
      messages: 2,
    });
    const trajectory = await readTrajectory(imported!.dir);
    // The three execute_tool spans start at +1.10 s, +1.20 s, +2.50 s; chat c..01 asked for call_1
    // and call_2, chat c..02 for call_3.
    expect(
      trajectory.events.map((event) => [
        event.tool,
        event.args,
        event.ok,
        event.started_at,
        event.duration_ms,
      ]),
    ).toEqual([
      ['get_weather', { city: 'Paris' }, true, '2026-01-01T00:00:01.100Z', 250],
      ['get_weather', { city: 'Lyon' }, false, '2026-01-01T00:00:01.200Z', 300],
      ['search_docs', { query: 'climate Lyon' }, true, '2026-01-01T00:00:02.500Z', 400],
    ]);
    expect(trajectory.blobs.read(trajectory.events[0]!.blob)).toBe('{"temp_c":18,"sky":"sunny"}');
    // The failed call: the span status message, no result attribute (an empty result).
    expect(trajectory.events[1]).toMatchObject({ error: 'upstream timeout', bytes: 0 });
    expect(trajectory.blobs.read(trajectory.events[2]!.blob)).toBe('Lyon: humid subtropical climate');
    expect(trajectory.turns).toEqual({
      '0': { message_id: 'c000000000000001', turn: 1 },
      '1': { message_id: 'c000000000000001', turn: 1 },
      '2': { message_id: 'c000000000000002', turn: 2 },
    });
    expect(trajectory.messages).toEqual([
      {
        id: 'c000000000000001',
        turn: 1,
        finish_reason: 'tool_calls',
        content: 'Let me look that up.',
        tool_calls: [
          { id: 'call_1', name: 'get_weather' },
          { id: 'call_2', name: 'get_weather' },
        ],
        usage: { prompt: 120, completion: 25, cached: 64 },
      },
      {
        id: 'c000000000000002',
        turn: 2,
        finish_reason: 'tool_calls',
        content: '',
        tool_calls: [{ id: 'call_3', name: 'search_docs' }],
        usage: { prompt: 230, completion: 35 },
      },
    ]);
    // The last chat made a call, so the answer is the agent span's output; its usage (350 / 60)
    // equals the chats' 120 + 230 and 25 + 35, so the messages carry it (no run-level usage).
    expect(trajectory.result).toMatchObject({
      answer: 'Paris is 18 C and sunny; Lyon could not be fetched.',
      outcome: 'answered',
      turns: 2,
      started_at: '2026-01-01T00:00:00.000Z',
      duration_ms: 5000,
    });
    expect(trajectory.result.usage).toBeUndefined();
  });

  test("an agent span whose usage its chats do not add up to gives the run's total, with a warning", () => {
    const text = readFileSync(GEN_AI, 'utf8').replace('"intValue":"350"', '"intValue":"400"');
    const [run] = convertOtel(text, { source: 'traces.jsonl' });
    expect(run!.result!.usage).toEqual({ prompt: 400, completion: 60 });
    expect(run!.warnings).toContain(
      "traces.jsonl:1: span `a000000000000001` (agent) reports 400 input / 60 output tokens, its model spans sum to 350 / 60: the agent's total is the run's",
    );
  });

  test('the unknown span and the result-less tool span are reported by file, line and span id', async () => {
    const [imported] = await importOtel(GEN_AI, { runDir: tempDir() });
    expect(imported!.warnings).toEqual([
      `${GEN_AI}:2: span \`e000000000000001\` (POST) is not a tool, model or agent span (it has neither \`gen_ai.operation.name\` nor \`openinference.span.kind\`) and was skipped`,
      `${GEN_AI}:1: span \`b000000000000002\` (get_weather): no result attribute; recorded as an empty result`,
    ]);
  });

  test('metrics: 3 calls of 2 tools, 1 failed and so needless; usage 350 / 60, 64 cached', async () => {
    const [imported] = await importOtel(GEN_AI, { runDir: tempDir() });
    const metrics = computeMetrics(await readTrajectory(imported!.dir), null, { roles: GENERIC_TOOL_ROLES });
    expect(metrics).toMatchObject({
      tool_calls_total: 3,
      distinct_tools_used: 2,
      calls_by_tool: { get_weather: 2, search_docs: 1 },
      failed_count: 1,
      failed_call_rate: 1 / 3,
      needless_call_rate: 1 / 3,
      turns: 2,
      outcome: 'answered',
      usage: { prompt: 350, completion: 60, cached: 64, messages: 2 },
    });
  });
});

describe('importOtel: OpenInference (one OTLP/HTTP JSON body, two traces of one session)', () => {
  test('the session is one trajectory; LLM spans are turns, the TOOL span a call', async () => {
    const [imported, ...rest] = await importOtel(OPEN_INFERENCE, { runDir: tempDir() });
    expect(rest).toEqual([]);
    expect(imported).toMatchObject({ task_id: 'sess-7', calls: 1, messages: 2 });
    const trajectory = await readTrajectory(imported!.dir);
    expect(trajectory.events.map((event) => [event.tool, event.args, event.ok, event.duration_ms])).toEqual([
      ['read_file', { path: 'src/a.py' }, true, 40],
    ]);
    expect(trajectory.blobs.read(trajectory.events[0]!.blob)).toBe('def a():\n    return 1\n');
    expect(trajectory.messages.map((m) => [m.id, m.turn, m.content, m.tool_calls, m.usage])).toEqual([
      ['1000000000000002', 1, '', [{ id: 'tc-1', name: 'read_file' }], { prompt: 200, completion: 30 }],
      [
        '2000000000000001',
        2,
        'a() is defined in src/a.py.',
        [],
        { prompt: 260, completion: 40, cached: 192 },
      ],
    ]);
    expect(trajectory.result).toMatchObject({
      answer: 'a() is defined in src/a.py.',
      outcome: 'answered',
      started_at: '2026-01-01T01:00:00.000Z',
      duration_ms: 5600,
    });
    expect(trajectory.result.usage).toBeUndefined();
    const metrics = computeMetrics(trajectory, null, { roles: GENERIC_TOOL_ROLES });
    expect(metrics.usage).toMatchObject({ prompt: 460, completion: 70, cached: 192 });
    expect(imported!.warnings).toEqual([
      `${OPEN_INFERENCE}[0]: span \`2000000000000002\` (VectorStoreRetriever) is not a tool, model or agent span (its \`openinference.span.kind\` is \`RETRIEVER\`) and was skipped`,
      `${OPEN_INFERENCE}[0]: span \`2000000000000003\` (tool) is a tool span with no tool name and was skipped`,
    ]);
  });
});

describe('convertOtel: edge cases', () => {
  const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });
  const line = (spans: object[]) => JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] });
  const tool = (traceId: string, spanId: string, start: number | string) => ({
    traceId,
    spanId,
    name: 'execute_tool grep',
    startTimeUnixNano: start,
    endTimeUnixNano: String(BigInt(start) + 2_000_000n),
    attributes: [
      attr('gen_ai.operation.name', 'execute_tool'),
      attr('gen_ai.tool.name', 'grep'),
      attr('gen_ai.tool.call.arguments', 'TODO'),
      attr('gen_ai.tool.call.result', 'a.py:3: TODO'),
    ],
  });

  test('tool spans with no model span: one untraced turn, raw arguments kept, both warned', () => {
    // A JSON number for the start (exact here: 1.7e18 is a multiple of 2^8, a double's step there).
    const [run] = convertOtel(line([tool('t1', 's1', 1_700_000_000_000_000_000)]), { source: 'x.jsonl' });
    expect(run!.messages).toEqual([
      {
        id: 'untraced-turn',
        turn: 1,
        finish_reason: null,
        content: '',
        tool_calls: [{ id: 's1', name: 'grep' }],
      },
    ]);
    expect(run!.calls[0]).toMatchObject({
      tool: 'grep',
      args: {},
      args_raw: 'TODO',
      message_id: 'untraced-turn',
      ok: true,
      started_at: '2023-11-14T22:13:20.000Z',
      duration_ms: 2,
    });
    expect(run!.warnings).toEqual([
      'x.jsonl[0]: span `s1` (grep) ran before any model span: its turn is `untraced-turn`',
      'x.jsonl[0]: span `s1` (grep): arguments are not a JSON object; kept raw',
    ]);
    expect(run!.result).toMatchObject({ answer: null, outcome: 'unanswered_empty', turns: 1 });
  });

  test('a reused call id goes to the last turn that asked for it; a failed agent span is the run error', () => {
    const chat = (spanId: string, start: number) => ({
      traceId: 't1',
      spanId,
      name: 'chat',
      startTimeUnixNano: String(start),
      attributes: [
        attr('gen_ai.operation.name', 'chat'),
        attr(
          'gen_ai.output.messages',
          JSON.stringify([{ parts: [{ type: 'tool_call', id: '0', name: 'grep' }] }]),
        ),
      ],
    });
    const call = (spanId: string, start: number) => ({
      ...tool('t1', spanId, String(start)),
      attributes: [...tool('t1', spanId, 0).attributes, attr('gen_ai.tool.call.id', '0')],
    });
    const agent = {
      traceId: 't1',
      spanId: 'a',
      name: 'invoke_agent',
      startTimeUnixNano: '1',
      attributes: [attr('gen_ai.operation.name', 'invoke_agent')],
      status: { code: 'STATUS_CODE_ERROR', message: 'max turns' },
    };
    const [run] = convertOtel(line([agent, chat('m1', 10), call('c1', 20), chat('m2', 30), call('c2', 40)]));
    expect(run!.calls.map((entry) => entry.message_id)).toEqual(['m1', 'm2']);
    expect(run!.result).toMatchObject({ error: 'max turns', turns: 2 });
  });

  test('a trace of no GenAI span gives no trajectory; its spans are warned on the first one', () => {
    const http = {
      traceId: 't2',
      spanId: 'h1',
      name: 'GET /health',
      attributes: [attr('http.route', '/health')],
    };
    const embed = {
      traceId: 't2',
      spanId: 'h2',
      name: 'embeddings',
      attributes: [attr('gen_ai.operation.name', 'embeddings')],
    };
    const runs = convertOtel(`${line([tool('t1', 's1', '1700000000000000000')])}\n${line([http, embed])}\n`, {
      source: 'x.jsonl',
    });
    expect(runs.map((run) => run.task_id)).toEqual(['t1']);
    expect(runs[0]!.warnings.slice(0, 2)).toEqual([
      'x.jsonl:2: span `h1` (GET /health) is not a tool, model or agent span (it has neither `gen_ai.operation.name` nor `openinference.span.kind`) and was skipped',
      'x.jsonl:2: span `h2` (embeddings) is not a tool, model or agent span (its `gen_ai.operation.name` is `embeddings`) and was skipped',
    ]);
  });
});

describe("convertOtel: calls read from the model spans' messages (no tool spans)", () => {
  const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });
  const line = (spans: object[]) => JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] });
  const chat = (spanId: string, start: number, input: object[], output: object[], finish?: string) => ({
    traceId: 't1',
    spanId,
    name: 'chat m',
    startTimeUnixNano: String(start),
    endTimeUnixNano: String(start + 5),
    attributes: [
      attr('gen_ai.operation.name', 'chat'),
      attr('gen_ai.input.messages', JSON.stringify(input)),
      attr('gen_ai.output.messages', JSON.stringify(output)),
      ...(finish === undefined ? [] : [attr('gen_ai.response.finish_reasons', finish)]),
    ],
  });
  const ask = (...calls: [string | undefined, string | undefined, object][]) => [
    {
      role: 'assistant',
      parts: calls.map(([id, name, args]) => ({ type: 'tool_call', id, name, arguments: args })),
    },
  ];
  const answer = (id: string, response: unknown) => ({
    role: 'tool',
    parts: [{ type: 'tool_call_response', id, response }],
  });

  test("asked in one turn, answered in the next one's input; an unanswered call is empty, a nameless one skipped", () => {
    const [run] = convertOtel(
      line([
        chat('m1', 100, [], ask(['c1', 'grep', { q: 'x' }], [undefined, undefined, {}])),
        chat('m2', 200, [answer('c1', { hits: ['a.py'] })], ask(['c2', 'read', { path: 'a.py' }])),
        chat('m3', 300, [answer('c1', 'stale'), answer('c2', 'def a(): pass')], ask(['c3', 'read', {}])),
      ]),
      { source: 'x.jsonl' },
    );
    // By hand: c1's answer is m2's (the first later input carrying it), an object kept as JSON;
    // c3 is asked by the last turn, so nothing answers it.
    expect(
      run!.calls.map((call) => [call.tool, call.args, call.result, call.message_id, call.started_at]),
    ).toEqual([
      ['grep', { q: 'x' }, '{"hits":["a.py"]}', 'm1', '1970-01-01T00:00:00.000Z'],
      ['read', { path: 'a.py' }, 'def a(): pass', 'm2', '1970-01-01T00:00:00.000Z'],
      ['read', {}, '', 'm3', '1970-01-01T00:00:00.000Z'],
    ]);
    expect(run!.calls.map((call) => call.duration_ms)).toEqual([null, null, null]);
    expect(run!.messages.map((message) => message.tool_calls)).toEqual([
      [{ id: 'c1', name: 'grep' }],
      [{ id: 'c2', name: 'read' }],
      [{ id: 'c3', name: 'read' }],
    ]);
    expect(run!.warnings).toEqual([
      'x.jsonl[0]: span `m1` (chat m): its call 2 names no tool and was skipped',
      "x.jsonl[0]: span `m3` (chat m): no later model span's input answers its call `c3` (read); recorded as an empty result",
      "the trace has no tool spans: its 3 call(s) are read from its model spans' messages (asked in one turn's output, answered in a later one's input), with no duration and no error flag",
    ]);
    expect(run!.refused).toBeUndefined();
  });

  test('tool spans win; asked calls no span records are warned, not read twice', () => {
    const toolSpan = {
      traceId: 't1',
      spanId: 's1',
      name: 'execute_tool grep',
      startTimeUnixNano: '150',
      attributes: [
        attr('gen_ai.operation.name', 'execute_tool'),
        attr('gen_ai.tool.name', 'grep'),
        attr('gen_ai.tool.call.id', 'c1'),
        attr('gen_ai.tool.call.result', 'a.py'),
      ],
    };
    const [run] = convertOtel(
      line([
        chat('m1', 100, [], ask(['c1', 'grep', {}], ['c2', 'grep', {}])),
        toolSpan,
        chat('m2', 200, [], []),
      ]),
    );
    expect(run!.calls.map((call) => call.tool)).toEqual(['grep']);
    expect(run!.warnings).toContain(
      'the model spans asked for 2 call(s), the trace has 1 tool span(s): the calls no span records are missing from it',
    );
  });

  test('a turn that ended asking for tools in a trace that records none is refused, naming why', () => {
    const bare = (spanId: string, start: number, finish: string) => ({
      traceId: 't1',
      spanId,
      name: 'chat m',
      startTimeUnixNano: String(start),
      attributes: [attr('gen_ai.operation.name', 'chat'), attr('gen_ai.response.finish_reasons', finish)],
    });
    const [run] = convertOtel(line([bare('m1', 100, 'tool_calls'), bare('m2', 200, 'stop')]));
    expect(run!.refused).toBe(
      '1 model span(s) ended asking for tools (`tool_calls`), but the trace records none of the calls: no tool span, and no model span records its output messages (message content capture is off, or the messages went to log events). Scored, it would read as a run without calls',
    );
    // A conversation that asked for no tool is scored as it is.
    const [plain] = convertOtel(line([bare('m1', 100, 'stop')]));
    expect(plain!.refused).toBeUndefined();
  });
});

describe('convertOtel: a TOOL span LangChain.js wrote (OpenInference)', () => {
  const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });
  const message = (kwargs: object) =>
    JSON.stringify({
      output: { lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'ToolMessage'], kwargs },
    });
  const llm = {
    traceId: 't1',
    spanId: 'l1',
    name: 'ChatOpenAI',
    startTimeUnixNano: '100',
    attributes: [
      attr('openinference.span.kind', 'LLM'),
      attr('llm.output_messages.0.message.tool_calls.0.tool_call.function.name', 'read'),
      attr('llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments', '{"path":"a.py"}'),
      attr('llm.output_messages.0.message.tool_calls.1.tool_call.function.name', 'read'),
      attr('llm.output_messages.0.message.tool_calls.1.tool_call.function.arguments', '{"path":"b.py"}'),
    ],
  };
  const tool = (spanId: string, start: string, input: string, output: string) => ({
    traceId: 't1',
    spanId,
    name: 'read',
    startTimeUnixNano: start,
    attributes: [
      attr('openinference.span.kind', 'TOOL'),
      attr('tool.name', 'read'),
      attr('input.value', input),
      attr('output.value', output),
    ],
  });

  test('the ToolMessage is unwrapped (content, call id, error status); a bare input takes the asked arguments in order', () => {
    const [run] = convertOtel(
      JSON.stringify({
        resourceSpans: [
          {
            scopeSpans: [
              {
                spans: [
                  llm,
                  tool(
                    's1',
                    '200',
                    'a.py',
                    message({ content: 'def a(): pass', tool_call_id: 'c1', status: 'success' }),
                  ),
                  tool(
                    's2',
                    '300',
                    'b.py',
                    message({ content: [{ type: 'text', text: 'ENOENT b.py' }], status: 'error' }),
                  ),
                ],
              },
            ],
          },
        ],
      }),
    );
    expect(run!.calls.map((call) => [call.args, call.result, call.ok, call.error])).toEqual([
      [{ path: 'a.py' }, 'def a(): pass', true, undefined],
      [{ path: 'b.py' }, 'ENOENT b.py', false, 'ENOENT b.py'],
    ]);
    expect(run!.messages[0]!.tool_calls).toEqual([
      { id: 'c1', name: 'read' },
      { id: 's2', name: 'read' },
    ]);
    // Any other output is the result as it is.
    const [plain] = convertOtel(
      JSON.stringify({
        resourceSpans: [{ scopeSpans: [{ spans: [tool('s1', '1', '{}', '{"ToolMessage": 1}')] }] }],
      }),
    );
    expect(plain!.calls[0]!.result).toBe('{"ToolMessage": 1}');
  });
});

describe("a trace whose chat spans keep no content (capture off, the conventions' default)", () => {
  const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });
  const span = (spanId: string, start: number, attributes: object[]) => ({
    traceId: 't1',
    spanId,
    name: spanId,
    startTimeUnixNano: String(start),
    attributes,
  });
  const chat = (spanId: string, start: number, finish: string) =>
    span(spanId, start, [
      attr('gen_ai.operation.name', 'chat'),
      attr('gen_ai.response.finish_reasons', finish),
    ]);
  const call = (spanId: string, start: number) =>
    span(spanId, start, [
      attr('gen_ai.operation.name', 'execute_tool'),
      attr('gen_ai.tool.name', 'grep'),
      attr('gen_ai.tool.call.result', 'a.py:1: x'),
    ]);
  const line = (spans: object[]) => JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans }] }] });

  test('the calls score; how the run ended is `unrecorded` and the outcome rows are n/a, not 0', async () => {
    const file = join(tempDir(), 'no-content.jsonl');
    writeFileSync(
      file,
      `${line([chat('m1', 100, 'tool_calls'), call('s1', 200), chat('m2', 300, 'stop')])}\n`,
    );
    const [imported] = await importOtel(file, { runDir: tempDir() });
    expect(imported!.warnings).toContain(
      'the last model span records no output (message content capture is off): the answer and how the run ended are unknown (outcome `unrecorded`)',
    );
    const trajectory = await readTrajectory(imported!.dir);
    expect(trajectory.result).toMatchObject({ answer: null, outcome: 'unrecorded', turns: 2 });
    const metrics = computeMetrics(trajectory, null, { roles: GENERIC_TOOL_ROLES });
    expect(metrics.tool_calls_total).toBe(1);
    expect(metrics.turns_to_answer_penalised).toBeNull();
    const row = metricsRow(metrics);
    expect([row.answered, row.budget_exhausted, row.turns_answered_only]).toEqual([null, null, null]);
    // With the output recorded and empty, the run did end unanswered.
    const captured = chat('m2', 300, 'stop');
    captured.attributes.push(attr('gen_ai.output.messages', '[]'));
    const [empty] = convertOtel(line([chat('m1', 100, 'tool_calls'), call('s1', 200), captured]));
    expect(empty!.result).toMatchObject({ answer: null, outcome: 'unanswered_empty' });
  });
});

describe('importOtel: refusals', () => {
  const span = (extra: object) =>
    JSON.stringify({
      resourceSpans: [
        { scopeSpans: [{ spans: [{ traceId: 't1', spanId: 's1', name: 'x', attributes: [], ...extra }] }] },
      ],
    });

  test.each([
    ['a line that is not JSON', `${span({})}\nnot json\n${span({})}\n`, ':2: not valid JSON'],
    [
      'a line that is not OTLP',
      `${span({})}\n{"resourceSpans": "none"}\n`,
      ':2: not an OTLP JSON trace export',
    ],
    [
      'a span whose span id is no string',
      `${span({})}\n${span({ spanId: 7 })}\n`,
      ':2: not an OTLP JSON trace export',
    ],
  ])('%s is refused naming the file and line', async (_, text, message) => {
    const file = join(tempDir(), 'traces.jsonl');
    writeFileSync(file, text);
    await expect(importOtel(file, { runDir: tempDir() })).rejects.toMatchObject({
      code: 'IMPORT_MALFORMED',
      message: expect.stringContaining(`${file}${message}`),
    });
  });

  test('a file with no GenAI or OpenInference span is refused, not read as an empty run', async () => {
    const file = join(tempDir(), 'http.jsonl');
    writeFileSync(file, `${span({})}\n`);
    await expect(importOtel(file, { runDir: tempDir() })).rejects.toMatchObject({
      code: 'IMPORT_MALFORMED',
      message: `${file}: no span is a GenAI or OpenInference tool, model or agent span (1 span(s) read)`,
    });
  });

  test('a span time that is negative is refused naming the key, never read as a time before 1970', async () => {
    const file = join(tempDir(), 'negative.jsonl');
    const text = readFileSync(GEN_AI, 'utf8');
    writeFileSync(file, text.replace(/"startTimeUnixNano":\s*"?\d+"?/, '"startTimeUnixNano": "-5"'));
    await expect(importOtel(file, { runDir: tempDir() })).rejects.toMatchObject({
      code: 'IMPORT_MALFORMED',
      message: expect.stringContaining('startTimeUnixNano'),
    });
  });
});
