import { describe, expect, test } from 'vitest';
import { countTokens } from '../../../src/agent/endpoint/count-tokens.js';
import { startEndpoint } from '../../../src/agent/endpoint/start-endpoint.js';
import { scripted } from '../endpoint-helpers.js';

const LONG = 'word '.repeat(50); // 51 o200k tokens
const TOOL = { tool_calls: [{ name: 'search', arguments: { query: 'x' } }] };

async function post(url: string, body: Record<string, unknown>) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Reply;
}

interface Reply {
  choices: { finish_reason: string; message: { content: string } }[];
  usage: { completion_tokens: number; output_tokens: number };
  stop_reason: string;
  content: { type: string }[];
}

describe('the offline endpoint bounds a reply at the request’s max_tokens, as a real one does', () => {
  test('OpenAI wire: cut at max_tokens (or max_completion_tokens), finish_reason length, billed at the limit', async () => {
    const endpoint = await startEndpoint({
      policy: scripted([{ content: LONG }, { content: LONG }, { content: 'short' }]),
    });
    const base = { model: 'offline', messages: [{ role: 'user', content: 'hi' }] };
    const cut = await post(`${endpoint.openaiBaseUrl}/chat/completions`, { ...base, max_tokens: 10 });
    expect(cut.choices[0]!.finish_reason).toBe('length');
    expect(cut.usage.completion_tokens).toBe(10);
    expect(countTokens(cut.choices[0]!.message.content)).toBe(10);
    const newer = await post(`${endpoint.openaiBaseUrl}/chat/completions`, {
      ...base,
      max_completion_tokens: 7,
    });
    expect(newer.usage.completion_tokens).toBe(7);
    const fits = await post(`${endpoint.openaiBaseUrl}/chat/completions`, { ...base, max_tokens: 10 });
    expect(fits.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: 'short' } });
    await endpoint.close();
    expect(countTokens(LONG)).toBe(51);
  });

  test('Anthropic wire: a tool call past max_tokens is dropped, stop_reason max_tokens', async () => {
    const endpoint = await startEndpoint({ policy: scripted([TOOL]) });
    try {
      const reply = await post(`${endpoint.anthropicBaseUrl}/v1/messages`, {
        model: 'offline',
        max_tokens: 2,
        messages: [{ role: 'user', content: 'hi' }],
      });
      expect(reply.stop_reason).toBe('max_tokens');
      expect(reply.content.filter((block) => block.type === 'tool_use')).toEqual([]);
      expect(reply.usage.output_tokens).toBe(2);
    } finally {
      await endpoint.close();
    }
  });
});
