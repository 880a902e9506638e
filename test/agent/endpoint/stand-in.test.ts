import { afterEach, expect, test } from 'vitest';
import { createOfflinePolicy, OFFLINE_LABEL } from '../../../src/agent/endpoint/offline-policy.js';
import { readGuidance } from '../../../src/agent/endpoint/stand-in-guidance.js';
import type { ChatMessage, ToolDefinition } from '../../../src/agent/llm/providers/chat-provider.js';
import { connect, type Harness } from '../endpoint-helpers.js';

// The offline stand-in reacts to what it is told (the system prompt and the tools' descriptions),
// obeys tool_choice, and samples from a seeded source above temperature 0: driven here through
// the real endpoint and provider, the tool results played by a small table.

const props = (entries: Record<string, unknown>, required: string[]) => ({
  type: 'object',
  properties: entries,
  required,
});
const TOOLS: ToolDefinition[] = [
  {
    name: 'search',
    description: 'Search the code.',
    input_schema: props({ query: { type: 'string' } }, ['query']),
  },
  {
    name: 'read_file',
    description: 'Read one file.',
    input_schema: props({ path: { type: 'string' } }, ['path']),
  },
  {
    name: 'read_files',
    description: 'Read several files.',
    input_schema: props({ paths: { type: 'array', items: { type: 'string' } } }, ['paths']),
  },
];
const QUESTION = 'Where is the payment retry backoff computed?';
const FILES = ['docs/intro.md', 'shop/payments/retry.py', 'shop/cart.py', 'shop/tax.py'];

function result(name: string, args: Record<string, unknown>): string {
  if (name === 'search') return FILES.join('\n');
  const paths = name === 'read_files' ? (args.paths as string[]) : [String(args.path)];
  // Only the retry module mentions the question's words.
  return paths
    .map((p) => (p.includes('retry') ? `${p}: def backoff(): ...` : `${p}: nothing here`))
    .join('\n');
}

let open: Harness | undefined;
async function reset(): Promise<void> {
  await open?.endpoint.close();
  open = undefined;
}
afterEach(reset);

async function converse(system: string, params: { temperature?: number; seed?: number } = {}, maxCalls = 6) {
  open ??= await connect('openai', createOfflinePolicy({ maxCalls }), { params });
  const messages: ChatMessage[] = [
    { role: 'system', content: system },
    { role: 'user', content: QUESTION },
  ];
  const calls: string[] = [];
  for (let turn = 0; turn < 12; turn++) {
    const reply = await open.provider.complete({ model: 'offline', messages, tools: TOOLS });
    if (reply.message.tool_calls.length === 0) return { calls, answer: reply.message.content };
    messages.push({ role: 'assistant', content: '', tool_calls: reply.message.tool_calls });
    for (const call of reply.message.tool_calls) {
      calls.push(`${call.name} ${call.arguments_raw}`);
      messages.push({ role: 'tool', tool_call_id: call.id, content: result(call.name, call.arguments) });
    }
  }
  throw new Error('the stand-in never answered');
}

test('its reading of instructions: pointers, batching, stopping, a cap on calls', () => {
  expect(readGuidance('Search first.')).toEqual({
    followPointers: false,
    batch: false,
    stopOnEvidence: false,
    maxCalls: null,
  });
  expect(
    readGuidance(
      '3. **Batch.** Use one call.\nResults end with ready-made follow-up calls.\n7. **Answer when you have the evidence**. Make at most 4 tool calls.',
    ),
  ).toEqual({ followPointers: true, batch: true, stopOnEvidence: true, maxCalls: 4 });
  expect(
    readGuidance('Use it when one more call would confirm the answer; stop once the gold is in hand.'),
  ).toMatchObject({ stopOnEvidence: true });
  expect(readGuidance('Read several files; prefer this over several read_file calls.')).toMatchObject({
    batch: true,
  });
});

test('told nothing, it reads the named files one by one, in the order the search named them', async () => {
  const { calls } = await converse('Answer the question.');
  expect(calls).toEqual([
    `search {"query":"${QUESTION}"}`,
    'read_file {"path":"docs/intro.md"}',
    'read_file {"path":"shop/payments/retry.py"}',
    'read_file {"path":"shop/cart.py"}',
    'read_file {"path":"shop/tax.py"}',
  ]);
});

test('told to batch it reads three named files in one call; told to stop at the evidence it answers', async () => {
  const batched = await converse('Batch your reads.');
  expect(batched.calls).toEqual([
    `search {"query":"${QUESTION}"}`,
    'read_files {"paths":["docs/intro.md","shop/payments/retry.py","shop/cart.py"]}',
    'read_file {"path":"shop/tax.py"}',
  ]);
  const stopping = await converse('Answer as soon as you have the evidence.');
  // intro.md names no word of the question; retry.py does, so it answers after that read.
  expect(stopping.calls).toEqual([
    `search {"query":"${QUESTION}"}`,
    'read_file {"path":"docs/intro.md"}',
    'read_file {"path":"shop/payments/retry.py"}',
  ]);
  expect(stopping.answer.startsWith(OFFLINE_LABEL)).toBe(true);
  const capped = await converse('Make at most 2 tool calls.');
  expect(capped.calls).toHaveLength(2);
});

test('with tool_choice none it answers at once (a run out of turns is finalized)', async () => {
  open = await connect('openai', createOfflinePolicy());
  const reply = await open.provider.complete({
    model: 'offline',
    messages: [{ role: 'user', content: QUESTION }],
    tools: TOOLS,
    toolChoice: 'none',
  });
  expect(reply.message.tool_calls).toEqual([]);
  expect(reply.message.content).toBe(
    `${OFFLINE_LABEL} Question: ${JSON.stringify(QUESTION)}. No files seen.`,
  );
});

test('above temperature 0 the seed draws the run: the same seed replays it, other seeds differ', async () => {
  const runs = new Map<number, string>();
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const first = await converse('Answer the question.', { temperature: 1, seed });
    await reset();
    const again = await converse('Answer the question.', { temperature: 1, seed });
    await reset();
    expect(again.calls).toEqual(first.calls);
    expect(
      first.answer.startsWith(
        `[offline policy: a seeded, sampling stand-in for a model (temperature 1, seed ${seed}), not a model]`,
      ),
    ).toBe(true);
    runs.set(seed, first.calls.join('\n'));
  }
  // Eight seeds at temperature 1 do not all draw the same run (each read order has probability < 0.5).
  expect(new Set(runs.values()).size).toBeGreaterThan(1);
  // At temperature 0 the seed changes nothing.
  const cold = await converse('Answer the question.', { temperature: 0, seed: 9 });
  expect(cold.calls[1]).toBe('read_file {"path":"docs/intro.md"}');
});
