import { afterEach, expect, test } from 'vitest';
import type { CompletionRequest } from '../../../src/agent/llm/providers/chat-provider.js';
import { connect, type Harness, scripted } from '../endpoint-helpers.js';

const tool = {
  name: 'search_codebase',
  description: 'Search.',
  input_schema: { type: 'object', properties: {} },
};
const ask: CompletionRequest = { model: 'm', messages: [{ role: 'user', content: 'q' }], tools: [tool] };

let open: Harness | undefined;
afterEach(async () => {
  await open?.endpoint.close();
  open = undefined;
});

test('OpenRouter-style usage: slices from the details, `usage.cost` as cost_usd', async () => {
  open = await connect(
    'openai',
    scripted([
      {
        content: 'ok',
        raw_usage: {
          prompt_tokens: 1200,
          completion_tokens: 340,
          total_tokens: 1540,
          prompt_tokens_details: { cached_tokens: 1024 },
          completion_tokens_details: { reasoning_tokens: 256 },
          cost: 0.00421,
        },
      },
    ]),
  );
  const result = await open.provider.complete(ask);
  expect(result.usage).toEqual({ prompt: 1200, completion: 340, reasoning: 256, cached: 1024 });
  expect(result.cost_usd).toBe(0.00421);
});

test('usage without details objects has no slices (the bare OpenAI shape)', async () => {
  open = await connect(
    'openai',
    scripted([{ content: 'ok', raw_usage: { prompt_tokens: 1, completion_tokens: 1 } }]),
  );
  const result = await open.provider.complete(ask);
  expect(result.usage).toEqual({ prompt: 1, completion: 1 });
});

test('the block settings are sent as the OpenAI-format body names them', async () => {
  open = await connect('openai', scripted([{ content: 'ok' }]), {
    params: {
      temperature: 0.2,
      top_p: 0.9,
      max_tokens: 512,
      seed: 7,
      thinking: { enabled: true, effort: 'low' },
    },
    parallel_tool_calls: false,
    provider_routing: { order: ['deepinfra', 'together'], allow_fallbacks: false },
  });
  await open.provider.complete({ ...ask, toolChoice: 'required' });
  expect(open.endpoint.requests[0]?.body).toMatchObject({
    model: 'm',
    temperature: 0.2,
    top_p: 0.9,
    max_tokens: 512,
    seed: 7,
    reasoning_effort: 'low',
    parallel_tool_calls: false,
    tool_choice: 'required',
    provider: { order: ['deepinfra', 'together'], allow_fallbacks: false },
    tools: [{ type: 'function', function: { name: 'search_codebase', description: 'Search.' } }],
  });
});

test('settings the block leaves out are not sent; thinking budget goes as OpenRouter `reasoning`', async () => {
  open = await connect('openai', scripted([{ content: 'ok' }]), {
    params: { thinking: { enabled: true, budget_tokens: 2048 } },
  });
  await open.provider.complete({ model: 'm', messages: [{ role: 'user', content: 'q' }], tools: [] });
  const body = open.endpoint.requests[0]!.body as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['messages', 'model', 'reasoning']);
  expect(body.reasoning).toEqual({ max_tokens: 2048 });
});

test("a campaign's repeat k sends seed = the block's seed + k - 1; a block with no seed sends none", async () => {
  const seeds = async (params: { seed?: number }, repeats: (number | undefined)[]) => {
    open = await connect('openai', scripted(repeats.map(() => ({ content: 'ok' }))), { params });
    for (const repeat of repeats)
      await open.provider.complete({ ...ask, ...(repeat === undefined ? {} : { repeat }) });
    const sent = open.endpoint.requests.map((r) => (r.body as { seed?: number }).seed);
    await open.endpoint.close();
    open = undefined;
    return sent;
  };
  expect(await seeds({ seed: 7 }, [undefined, 1, 2, 3])).toEqual([7, 7, 8, 9]);
  expect(await seeds({}, [undefined, 1, 2, 3])).toEqual([undefined, undefined, undefined, undefined]);
});

test('tool messages and assistant tool calls go out in OpenAI shape', async () => {
  open = await connect('openai', scripted([{ content: 'ok' }]));
  await open.provider.complete({
    model: 'm',
    tools: [tool],
    messages: [
      { role: 'system', content: 's' },
      { role: 'user', content: 'q' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          { id: 'c1', name: 'search_codebase', arguments: { query: 'q' }, arguments_raw: '{"query":"q"}' },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'result' },
    ],
  });
  expect((open.endpoint.requests[0]!.body as { messages: unknown }).messages).toEqual([
    { role: 'system', content: 's' },
    { role: 'user', content: 'q' },
    {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'c1', type: 'function', function: { name: 'search_codebase', arguments: '{"query":"q"}' } },
      ],
    },
    { role: 'tool', tool_call_id: 'c1', content: 'result' },
  ]);
});
