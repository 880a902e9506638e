import { inspect } from 'node:util';
import { afterEach, describe, expect, test } from 'vitest';
import type { CompletionRequest } from '../../../src/agent/llm/providers/chat-provider.js';
import { AgentTrackError } from '../../../src/core/errors.js';
import { connect, FAKE_KEY, type Harness, PROVIDERS, scripted } from '../endpoint-helpers.js';

const search = {
  name: 'search_codebase',
  description: 'Search the code base.',
  input_schema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
};
const ask: CompletionRequest = {
  model: 'scripted-model',
  messages: [
    { role: 'system', content: 'You answer questions about code.' },
    { role: 'user', content: 'Where is fn defined?' },
  ],
  tools: [search],
};

let open: Harness | undefined;
afterEach(async () => {
  await open?.endpoint.close();
  open = undefined;
});

// One contract, two implementations: everything here holds for both wire formats.
describe.each(PROVIDERS)('ChatProvider contract: %s', (name) => {
  test('tool calls come back with parsed and raw arguments, then a text answer', async () => {
    open = await connect(
      name,
      scripted([
        { tool_calls: [{ id: 'call_1', name: 'search_codebase', arguments: { query: 'fn', k: 3 } }] },
        { content: 'fn is in src/pkg/mod.py' },
      ]),
    );
    const first = await open.provider.complete(ask);
    expect(first.finish_reason).toBe('tool_calls');
    expect(first.message.tool_calls).toEqual([
      {
        id: 'call_1',
        name: 'search_codebase',
        arguments: { query: 'fn', k: 3 },
        arguments_raw: '{"query":"fn","k":3}',
      },
    ]);
    expect(first.message.id).toMatch(name === 'openai' ? /^chatcmpl-[0-9a-f]{24}$/ : /^msg_[0-9a-f]{24}$/);
    const second = await open.provider.complete({
      ...ask,
      messages: [
        ...ask.messages,
        { role: 'assistant', content: '', tool_calls: first.message.tool_calls },
        { role: 'tool', tool_call_id: 'call_1', content: 'src/pkg/mod.py:1' },
      ],
    });
    expect(second).toMatchObject({
      finish_reason: 'stop',
      message: { content: 'fn is in src/pkg/mod.py', tool_calls: [] },
    });
    expect(second.message.id).not.toBe(first.message.id);
  });

  test('usage with reasoning and cached slices and a quoted cost survive the wire', async () => {
    open = await connect(
      name,
      scripted([
        {
          content: 'ok',
          usage: { prompt: 1000, completion: 250, reasoning: 200, cached: 600 },
          cost_usd: 0.0123,
        },
      ]),
    );
    const result = await open.provider.complete(ask);
    expect(result.usage).toEqual({ prompt: 1000, completion: 250, reasoning: 200, cached: 600 });
    expect(result.cost_usd).toBe(0.0123);
  });

  test('slices the endpoint did not report stay absent, never 0', async () => {
    open = await connect(name, scripted([{ content: 'ok', usage: { prompt: 7, completion: 2 } }]));
    const result = await open.provider.complete(ask);
    expect(result.usage).toEqual({ prompt: 7, completion: 2 });
    expect(result).not.toHaveProperty('cost_usd');
  });

  test('a length cut is reported as `length`', async () => {
    open = await connect(name, scripted([{ content: 'cut', finish_reason: 'length' }]));
    expect((await open.provider.complete(ask)).finish_reason).toBe('length');
  });

  test('429 then success is retried; the endpoint saw two requests', async () => {
    open = await connect(
      name,
      scripted([{ error: { status: 429, message: 'slow down' } }, { content: 'done' }]),
    );
    const result = await open.provider.complete(ask);
    expect(result.message.content).toBe('done');
    expect(open.completions()).toBe(2);
    expect(open.retries).toEqual([
      { attempt: 1, status: 429, kind: 'http', message: 'slow down', delay_ms: 1 },
    ]);
  });

  test('500 is retried up to max_retries, then fails naming the status and the endpoint message', async () => {
    const boom = { error: { status: 500, message: 'upstream exploded' } };
    open = await connect(name, scripted([boom, boom, boom, { content: 'never reached' }]));
    const error = await open.provider.complete(ask).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentTrackError);
    expect(error).toMatchObject({
      code: 'LLM_REQUEST_FAILED',
      data: { status: 500, attempts: 3, retryable: true, endpoint_message: 'upstream exploded' },
    });
    expect((error as Error).message).toContain('HTTP 500 after 3 attempts: `upstream exploded`');
    expect(open.completions()).toBe(3);
  });

  test('max_retries 0 means one attempt', async () => {
    open = await connect(name, scripted([{ error: { status: 503, message: 'busy' } }, { content: 'x' }]), {
      max_retries: 0,
    });
    await expect(open.provider.complete(ask)).rejects.toMatchObject({ data: { attempts: 1 } });
    expect(open.completions()).toBe(1);
  });

  test.each([
    [401, 'invalid api key'],
    [400, 'unknown parameter `foo`'],
  ])('%i fails at once with the endpoint message and no retry', async (status, message) => {
    open = await connect(name, scripted([{ error: { status, message } }, { content: 'never' }]));
    const error = await open.provider.complete(ask).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'LLM_REQUEST_FAILED',
      data: { status, attempts: 1, retryable: false },
    });
    expect((error as Error).message).toContain(`HTTP ${status} (not retryable, not retried): \`${message}\``);
    expect(open.completions()).toBe(1);
    expect(open.retries).toEqual([]);
  });

  test('a timeout is retried', async () => {
    open = await connect(name, scripted([{ content: 'late', delay_ms: 2000 }, { content: 'on time' }]), {
      timeout_seconds: 0.25,
    });
    const result = await open.provider.complete(ask);
    expect(result.message.content).toBe('on time');
    expect(open.retries.map((r) => r.kind)).toEqual(['timeout']);
    expect(open.completions()).toBe(2);
  });

  test('the key appears in no error, no retry line and nothing the endpoint kept', async () => {
    open = await connect(
      name,
      scripted([
        { error: { status: 429, message: 'slow down' } },
        { error: { status: 401, message: 'bad key' } },
      ]),
    );
    const error = await open.provider.complete(ask).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AgentTrackError);
    for (const text of [
      inspect(error, { depth: 10 }),
      JSON.stringify(open.retries),
      JSON.stringify(open.endpoint.requests),
    ]) {
      expect(text).not.toContain(FAKE_KEY);
    }
  });
});
