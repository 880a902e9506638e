import { afterEach, expect, test } from 'vitest';
import type { CompletionRequest } from '../../../src/agent/llm/providers/chat-provider.js';
import { connect, type Harness, scripted } from '../endpoint-helpers.js';

const tool = {
  name: 'search_codebase',
  description: 'Search.',
  input_schema: { properties: { query: { type: 'string' } } },
};
const ask: CompletionRequest = {
  model: 'claude-x',
  messages: [{ role: 'user', content: 'q' }],
  tools: [tool],
};

let open: Harness | undefined;
afterEach(async () => {
  await open?.endpoint.close();
  open = undefined;
});

test('cache read and creation are mapped so each token is billed once', async () => {
  open = await connect(
    'anthropic',
    scripted([
      {
        content: 'ok',
        raw_usage: {
          input_tokens: 100,
          cache_read_input_tokens: 800,
          cache_creation_input_tokens: 50,
          output_tokens: 20,
          output_tokens_details: { thinking_tokens: 5 },
        },
      },
    ]),
  );
  const result = await open.provider.complete(ask);
  // prompt = 100 + 800 + 50 = 950; cached = the 800 read from cache; completion 20 of which 5 thinking.
  expect(result.usage).toEqual({ prompt: 950, completion: 20, reasoning: 5, cached: 800 });
  expect(result).not.toHaveProperty('cost_usd');
});

test('no cache fields: prompt is input_tokens and no cached slice', async () => {
  open = await connect(
    'anthropic',
    scripted([{ content: 'ok', raw_usage: { input_tokens: 42, output_tokens: 7 } }]),
  );
  expect((await open.provider.complete(ask)).usage).toEqual({ prompt: 42, completion: 7 });
});

test('system lifted out, tool results as one user turn of tool_result blocks, settings mapped', async () => {
  open = await connect('anthropic', scripted([{ content: 'ok' }]), {
    params: { max_tokens: 1000, temperature: 0, thinking: { enabled: true, budget_tokens: 600 } },
    parallel_tool_calls: false,
  });
  await open.provider.complete({
    model: 'claude-x',
    tools: [tool],
    toolChoice: 'auto',
    messages: [
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'q' },
      {
        role: 'assistant',
        content: 'looking',
        tool_calls: [
          { id: 't1', name: 'search_codebase', arguments: { query: 'a' }, arguments_raw: '{"query":"a"}' },
          { id: 't2', name: 'search_codebase', arguments: { query: 'b' }, arguments_raw: '{"query":"b"}' },
        ],
      },
      { role: 'tool', tool_call_id: 't1', content: 'ra' },
      { role: 'tool', tool_call_id: 't2', content: 'rb' },
    ],
  });
  expect(open.endpoint.requests[0]?.body).toEqual({
    model: 'claude-x',
    max_tokens: 1000,
    system: 'be brief',
    temperature: 0,
    thinking: { type: 'enabled', budget_tokens: 600 },
    tool_choice: { type: 'auto', disable_parallel_tool_use: true },
    tools: [
      {
        name: 'search_codebase',
        description: 'Search.',
        input_schema: { type: 'object', properties: { query: { type: 'string' } } },
      },
    ],
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'q' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'looking' },
          { type: 'tool_use', id: 't1', name: 'search_codebase', input: { query: 'a' } },
          { type: 'tool_use', id: 't2', name: 'search_codebase', input: { query: 'b' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'ra' },
          { type: 'tool_result', tool_use_id: 't2', content: 'rb' },
        ],
      },
    ],
  });
});

test('toolChoice none is sent as tool_choice none', async () => {
  open = await connect('anthropic', scripted([{ content: 'final' }]));
  await open.provider.complete({ ...ask, toolChoice: 'none' });
  expect((open.endpoint.requests[0]!.body as { tool_choice: unknown }).tool_choice).toEqual({ type: 'none' });
});
