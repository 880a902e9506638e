import { expect, test } from 'vitest';
import { startEndpoint } from '../../../src/agent/endpoint/start-endpoint.js';
import { toAnthropicMessages } from '../../../src/agent/llm/providers/anthropic-wire.js';
import { createProvider } from '../../../src/agent/llm/providers/create-provider.js';
import type { RetryEvent } from '../../../src/agent/llm/providers/with-retries.js';
import { exponentialBackoff } from '../../../src/agent/llm/providers/with-retries.js';
import { PROVIDERS } from '../endpoint-helpers.js';

test.each([
  [1, 500],
  [2, 1000],
  [3, 2000],
  [5, 8000],
  [9, 8000],
])('exponentialBackoff(%i) = %i ms', (retry, ms) => {
  expect(exponentialBackoff(retry)).toBe(ms);
});

test.each(PROVIDERS)(
  '%s: a refused connection is retried, then fails as a connection failure',
  async (provider) => {
    // Take a free port, then close it so nothing listens there.
    const endpoint = await startEndpoint({ policy: 'offline' });
    await endpoint.close();
    const base = provider === 'openai' ? endpoint.openaiBaseUrl : endpoint.anthropicBaseUrl;
    const retries: RetryEvent[] = [];
    const chat = createProvider(
      { provider, base_url: base, max_retries: 1, params: provider === 'anthropic' ? { max_tokens: 8 } : {} },
      { backoff: () => 1, onRetry: (event) => retries.push(event) },
    );
    const error = await chat
      .complete({ model: 'm', messages: [{ role: 'user', content: 'q' }], tools: [] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'LLM_REQUEST_FAILED',
      data: { kind: 'connection', status: null, attempts: 2 },
    });
    expect((error as Error).message).toContain('failed with a connection failure after 2 attempts');
    expect(retries.map((r) => r.kind)).toEqual(['connection']);
  },
);

test('an assistant turn with provider_content (thinking blocks) is sent back verbatim', () => {
  const thinking = [
    { type: 'thinking', thinking: 'plan', signature: 'sig' },
    { type: 'tool_use', id: 't1', name: 'search', input: { q: 'x' } },
  ];
  const { messages } = toAnthropicMessages([
    { role: 'user', content: 'q' },
    { role: 'assistant', content: '', tool_calls: [], provider_content: thinking },
    { role: 'tool', tool_call_id: 't1', content: 'r' },
    { role: 'user', content: 'and?' },
  ]);
  expect(messages).toEqual([
    { role: 'user', content: [{ type: 'text', text: 'q' }] },
    { role: 'assistant', content: thinking },
    {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 't1', content: 'r' },
        { type: 'text', text: 'and?' },
      ],
    },
  ]);
});
