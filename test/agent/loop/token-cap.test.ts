import { describe, expect, test } from 'vitest';
import { countTokens, promptTokens } from '../../../src/agent/endpoint/count-tokens.js';
import type { ChatMessage } from '../../../src/agent/llm/providers/chat-provider.js';
import { parseTokenCap, tokenMeter } from '../../../src/agent/loop/token-cap.js';

// 'pad ' x n is n + 1 o200k tokens ('pad' then ' pad' n - 1 times, and the trailing space).
const pad = (n: number) => 'pad '.repeat(n);
const conversation = (...results: string[]): ChatMessage[] => [
  { role: 'system', content: 'You answer.' },
  { role: 'user', content: 'Where is it?' },
  ...results.flatMap((content, i): ChatMessage[] => [
    {
      role: 'assistant',
      content: '',
      tool_calls: [{ id: `c${i}`, name: 'search', arguments: {}, arguments_raw: '{}' }],
    },
    { role: 'tool', tool_call_id: `c${i}`, content },
  ]),
];

describe('tokenMeter holds a rollout to the tokens it was booked at', () => {
  test('each request gets an even share of what is left: input / requests left, output likewise', () => {
    const meter = tokenMeter({ input: 1300, output: 130 }, 13);
    const messages = conversation();
    const first = meter.next(messages, [])!;
    // 1300 / 13 = 100 prompt tokens, 130 / 13 = 10 completion tokens.
    expect(first.maxTokens).toBe(10);
    expect(first.cut).toBe(0);
    expect(first.messages).toEqual(messages);
    // The prompt is 'You answer.' (3) + 'Where is it?' (4) = 7 o200k tokens, counted at 1.25x uncalibrated.
    expect(first.raw).toBe(7);
    expect(first.estimate).toBe(Math.ceil(7 * 1.25));
    // It used 7 and 4: (1300 - 7) / 12 = 107.75 -> 107 and (130 - 4) / 12 = 10.5 -> 10.
    meter.record(first, { prompt: 7, completion: 4 });
    const second = meter.next(messages, [])!;
    expect(second.maxTokens).toBe(10);
    expect(second.estimate).toBe(7); // calibrated: the endpoint counted what o200k counts
  });

  test('a prompt over its share has its oldest tool result cut first, with a marker', () => {
    const meter = tokenMeter({ input: 200 * 3, output: 30 }, 3);
    const messages = conversation(pad(150), pad(20));
    const request = meter.next(messages, [])!;
    expect(request.cut).toBe(1);
    expect(request.estimate).toBeLessThanOrEqual(200);
    const oldest = request.messages[3] as { content: string };
    expect(oldest.content).toMatch(/^pad .*\n\[agent-track: cut here, \d+ of 151 tokens kept/s);
    // The newest result is whole, the original messages untouched.
    expect(request.messages[5]).toEqual(messages[5]);
    expect((messages[3] as { content: string }).content).toBe(pad(150));
  });

  test('when a head is not enough, results are replaced whole, oldest first', () => {
    const meter = tokenMeter({ input: 90 * 2, output: 20 }, 2);
    const request = meter.next(conversation(pad(200), pad(200)), [])!;
    expect(request.cut).toBe(2);
    expect(request.estimate).toBeLessThanOrEqual(90);
    const oldest = (request.messages[3] as { content: string }).content;
    expect(oldest).toBe(
      '[agent-track: this tool result (201 tokens) was cut to keep the rollout within its booked context]',
    );
  });

  test('null when nothing left can fit: no tool result to cut, or no output left', () => {
    expect(tokenMeter({ input: 5, output: 100 }, 1).next(conversation(), [])).toBeNull();
    expect(tokenMeter({ input: 1000, output: 0 }, 1).next(conversation(), [])).toBeNull();
  });

  test('calibration follows an endpoint that counts more, never less than o200k', () => {
    const meter = tokenMeter({ input: 10_000, output: 1000 }, 4);
    const messages = conversation(pad(99));
    const first = meter.next(messages, [])!;
    const raw = promptTokens(messages, []);
    expect(first.raw).toBe(raw);
    meter.record(first, { prompt: raw * 2, completion: 10 });
    expect(meter.next(messages, [])!.estimate).toBe(raw * 2);
    const low = tokenMeter({ input: 10_000, output: 1000 }, 4);
    low.record(low.next(messages, [])!, { prompt: Math.floor(raw / 2), completion: 10 });
    expect(low.next(messages, [])!.estimate).toBe(raw);
  });

  test('a reply without usage counts as its worst case: the estimate and the whole output share', () => {
    const meter = tokenMeter({ input: 400, output: 40 }, 2);
    const first = meter.next(conversation(), [])!;
    expect(first.maxTokens).toBe(20);
    meter.record(first, undefined);
    const second = meter.next(conversation(), [])!;
    expect(second.maxTokens).toBe(40 - 20);
  });
});

describe('parseTokenCap', () => {
  test('reads <input>:<output> and refuses anything else by the variable name', () => {
    expect(parseTokenCap('62000:6000')).toEqual({ input: 62000, output: 6000 });
    for (const bad of ['62000', '1:2:3', 'a:b', '-1:4', '1e3:4'])
      expect(() => parseTokenCap(bad)).toThrow(/AGENT_TRACK_TOKEN_CAP/);
  });

  test('the markers count as few tokens as the cut assumes', () => {
    expect(countTokens(pad(100))).toBe(101);
  });
});
