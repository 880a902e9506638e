import { afterEach, describe, expect, test } from 'vitest';
import { createOfflinePolicy, OFFLINE_LABEL } from '../../../src/agent/endpoint/offline-policy.js';
import type { ChatMessage, ToolDefinition } from '../../../src/agent/llm/providers/chat-provider.js';
import { connect, type Harness, PROVIDERS } from '../endpoint-helpers.js';

const schema = (prop: string) => ({
  type: 'object',
  properties: { [prop]: { type: 'string' } },
  required: [prop],
});
const tools: ToolDefinition[] = [
  { name: 'search_codebase', description: 'Search the code.', input_schema: schema('query') },
  { name: 'get_symbol', description: 'One symbol.', input_schema: schema('target') },
  { name: 'read_file', description: 'A file.', input_schema: schema('path') },
];
const QUESTION = 'Where is fn defined?';

/** What the product's tools return in this conversation; `pointer` toggles the search result's hint. */
function toolResult(name: string, args: Record<string, unknown>, pointer: boolean): string {
  if (name === 'search_codebase') {
    return JSON.stringify({
      results: [
        { path: 'src/pkg/mod.py', start: 1, end: 9, name: 'fn' },
        { path: 'src/pkg/util.py', start: 3, end: 4 },
      ],
      hint: pointer ? 'Top hit is a function.\n→ get_symbol(target="pkg.mod.fn")' : 'Top hit is a function.',
    });
  }
  if (name === 'get_symbol') {
    return `def fn():\n    return 1\n→ get_symbol(target="pkg.mod.fn")\n→ read_file(path="src/pkg/mod.py", start=3)`;
  }
  return `contents of ${String(args.path)}`;
}

let open: Harness | undefined;
afterEach(async () => {
  await open?.endpoint.close();
  open = undefined;
});

// Drives the conversation the way an agent loop would, executing the calls against `toolResult`.
const POINTER_DOCS = 'Answer with file paths. Results end with ready-made follow-up calls: call them.';

async function run(
  provider: (typeof PROVIDERS)[number],
  pointer: boolean,
  maxCalls = 3,
  system = POINTER_DOCS,
) {
  open = await connect(provider, createOfflinePolicy({ maxCalls }));
  const messages: ChatMessage[] = [
    { role: 'system', content: system },
    { role: 'user', content: QUESTION },
  ];
  const calls: string[] = [];
  for (let turn = 0; turn < 10; turn += 1) {
    const result = await open.provider.complete({ model: 'offline', messages, tools });
    if (result.message.tool_calls.length === 0) return { calls, answer: result.message.content, result };
    messages.push({
      role: 'assistant',
      content: result.message.content,
      tool_calls: result.message.tool_calls,
    });
    for (const call of result.message.tool_calls) {
      calls.push(`${call.name} ${call.arguments_raw}`);
      messages.push({
        role: 'tool',
        tool_call_id: call.id,
        content: toolResult(call.name, call.arguments, pointer),
      });
    }
  }
  throw new Error('the offline policy never answered');
}

describe.each(PROVIDERS)('offline policy over %s', (provider) => {
  test('searches, follows the first new pointer, then answers citing the files, labelled', async () => {
    const { calls, answer, result } = await run(provider, true);
    expect(calls).toEqual([
      'search_codebase {"query":"Where is fn defined?"}',
      'get_symbol {"target":"pkg.mod.fn"}',
      // get_symbol(pkg.mod.fn) was called already, so the second pointer is the first new one.
      'read_file {"path":"src/pkg/mod.py","start":3}',
    ]);
    expect(answer).toBe(
      `${OFFLINE_LABEL} Question: "Where is fn defined?". Files seen: src/pkg/mod.py, src/pkg/util.py.`,
    );
    expect(result.finish_reason).toBe('stop');
  });

  test('without the pointer in the search result it reads the top file instead', async () => {
    const { calls } = await run(provider, false);
    expect(calls).toEqual([
      'search_codebase {"query":"Where is fn defined?"}',
      'read_file {"path":"src/pkg/mod.py"}',
      'read_file {"path":"src/pkg/util.py"}',
    ]);
  });

  test('pointers are followed only when its instructions mention them', async () => {
    const { calls } = await run(provider, true, 3, 'Answer with file paths.');
    expect(calls).toEqual([
      'search_codebase {"query":"Where is fn defined?"}',
      'read_file {"path":"src/pkg/mod.py"}',
      'read_file {"path":"src/pkg/util.py"}',
    ]);
  });

  test('a larger call budget keeps going until nothing new is left', async () => {
    const { calls } = await run(provider, true, 10);
    expect(calls).toEqual([
      'search_codebase {"query":"Where is fn defined?"}',
      'get_symbol {"target":"pkg.mod.fn"}',
      'read_file {"path":"src/pkg/mod.py","start":3}',
      'read_file {"path":"src/pkg/mod.py"}',
      'read_file {"path":"src/pkg/util.py"}',
    ]);
  });
});

test('the same request gives the same reply, id and usage (deterministic)', async () => {
  open = await connect('openai', createOfflinePolicy());
  const request = { model: 'offline', messages: [{ role: 'user' as const, content: QUESTION }], tools };
  const a = await open.provider.complete(request);
  const b = await open.provider.complete(request);
  expect(b).toEqual(a);
  expect(a.message.tool_calls[0]?.id).toMatch(/^call_[0-9a-f]{24}$/);
});

test('usage is the tokenizer count of the request and the reply', async () => {
  open = await connect('openai', createOfflinePolicy());
  const only: ToolDefinition = { name: 'search_codebase', description: 'hello world', input_schema: {} };
  const result = await open.provider.complete({
    model: 'offline',
    messages: [
      { role: 'system', content: 'Hello, world!' },
      { role: 'user', content: 'hello world' },
    ],
    tools: [only],
  });
  // prompt: 'Hello, world!' 4 + 'hello world' 2 + tool name 'search_codebase' 3 + 'hello world' 2 + '{}' 1 = 12
  // completion: 'search_codebase' 3 + '{"query":"hello world"}' 6 ('{"', 'query', '":"', 'hello', ' world', '"}') = 9
  expect(result.usage).toEqual({ prompt: 12, completion: 9 });
});

test('with no search tool offered it answers at once, saying it saw nothing', async () => {
  open = await connect('anthropic', createOfflinePolicy());
  const result = await open.provider.complete({
    model: 'offline',
    messages: [{ role: 'user', content: 'hi' }],
    tools: [tools[2]!],
  });
  expect(result.message).toMatchObject({
    content: `${OFFLINE_LABEL} Question: "hi". No files seen.`,
    tool_calls: [],
  });
});

test('maxCalls must be a non-negative integer', () => {
  expect(() => createOfflinePolicy({ maxCalls: -1 })).toThrow(
    'Expected the `maxCalls` option to be a non-negative integer, got `-1` (number)',
  );
});
