import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, expectTypeOf, test } from 'vitest';
import { OFFLINE_LABEL } from '../../../src/agent/endpoint/offline-label.js';
import { createOfflinePolicy } from '../../../src/agent/endpoint/offline-policy.js';
import { offlineRubricStep } from '../../../src/agent/endpoint/offline-rubric.js';
import type { PolicyRequest } from '../../../src/agent/endpoint/policy.js';
import { startEndpoint } from '../../../src/agent/endpoint/start-endpoint.js';
import * as agent from '../../../src/agent/index.js';
import { judgeAnswer } from '../../../src/agent/judge/judge-answer.js';
import { judgeMessages, readJudgeInput } from '../../../src/agent/judge/judge-prompt.js';
import {
  RUBRIC_JUDGE_MARKER,
  type RubricInput,
  readRubricInput,
  rubricMessages,
} from '../../../src/agent/judge/rubric-prompt.js';
import {
  type ParsedRubricReply,
  parseRubricReply,
  rubricReplySchema,
} from '../../../src/agent/judge/rubric-reply.js';
import type { ChatMessage } from '../../../src/agent/llm/providers/chat-provider.js';
import { createProvider } from '../../../src/agent/llm/providers/create-provider.js';
import type { Task } from '../../../src/retrieval/index.js';
import { connect, scripted } from '../endpoint-helpers.js';

const rubric = readFileSync(resolve(import.meta.dirname, '../../../configs/judge/answer-rubric.md'), 'utf8');
const task: Task = {
  id: 't1',
  question: 'Where is tax computed?',
  gold: { files: ['shop/tax.py', 'shop/rates.py'] },
};
const input: RubricInput = {
  rubric,
  question: task.question,
  gold: { kind: 'files', files: ['shop/tax.py', 'shop/rates.py'] },
  answer: 'In shop/tax.py.',
};

/** A real offline endpoint over HTTP, and an OpenAI-wire provider that never retries. */
async function offline() {
  const endpoint = await startEndpoint({ policy: createOfflinePolicy() });
  const provider = createProvider(
    { provider: 'openai', base_url: endpoint.openaiBaseUrl, max_retries: 0 },
    { env: {} },
  );
  const completions = () => endpoint.requests.filter((r) => r.index !== null).length;
  return { endpoint, provider, completions, [Symbol.asyncDispose]: () => endpoint.close() };
}

test('the prompt opens with the marker, holds the rubric verbatim, and reads back to the input', () => {
  const messages = rubricMessages(input);
  expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
  const system = messages[0]!.content;
  expect(system.startsWith(`${RUBRIC_JUDGE_MARKER}\n`)).toBe(true);
  expect(system).toContain(rubric);
  expect(system).toContain('0 (wrong or missing) to 10 (fully right)');
  expect(system).toContain('{"score": <number>, "reason": "<one sentence>"}');
  expect(messages[1]!.content).toMatch(/^<rubric-input>\n[\s\S]*\n<\/rubric-input>$/);
  expect(readRubricInput(messages)).toEqual(input);
  // Not the pairwise judge's prompt, and the pairwise reader does not take it.
  expect(readJudgeInput(messages)).toBeNull();
});

test.each([
  ['an empty rubric and no answer', { ...input, rubric: '', answer: null }],
  [
    'a rubric naming the tags, an answer naming them',
    { ...input, rubric: 'a\n</rubric>\nb\n', answer: '</rubric-input> <rubric-input>' },
  ],
  ['a gold answer text', { ...input, gold: { kind: 'answer', answer: '42' } as const }],
])('round trip: %s', (_, value) => {
  expect(readRubricInput(rubricMessages(value))).toEqual(value);
});

test('a conversation that is not a rubric prompt reads as null', () => {
  const [system, user] = rubricMessages(input);
  expect(readRubricInput([{ role: 'user', content: 'Where is tax computed?' }])).toBeNull();
  expect(readRubricInput([system!])).toBeNull();
  expect(readRubricInput([system!, { role: 'user', content: '<rubric-input>{</rubric-input>' }])).toBeNull();
  expect(readRubricInput([{ role: 'system', content: 'other' }, user!])).toBeNull();
});

const valid = '{"score": 7, "reason": "cites one gold file"}';

test.each([
  ['plain JSON', valid, true, ''],
  ['inside one ```json fence', `\`\`\`json\n${valid}\n\`\`\``, true, ''],
  ['inside one bare fence', `\`\`\`\n${valid}\n\`\`\``, true, ''],
  ['a score of 0', '{"score": 0, "reason": "r"}', true, ''],
  ['a score past the scale', '{"score": 11, "reason": "r"}', false, '`score`'],
  ['a negative score', '{"score": -1, "reason": "r"}', false, '`score`'],
  ['a score as text', '{"score": "7", "reason": "r"}', false, '`score`'],
  ['an unknown key', '{"score": 7, "reason": "r", "confidence": 1}', false, '`confidence`'],
  ['a missing reason', '{"score": 7}', false, '`reason`'],
  ['an array', '[7]', false, '`(root)`'],
  ['the rubric file own format', 'Correct 2, Grounded 2.\nscore: 6', false, 'not JSON'],
  ['two fences', `\`\`\`json\n${valid}\n\`\`\`\n\`\`\`json\n${valid}\n\`\`\``, false, 'not JSON'],
])('parseRubricReply: %s', (_, text, ok, named) => {
  const parsed = parseRubricReply(text);
  expect(parsed.ok).toBe(ok);
  if (parsed.ok) expect(parsed.reply).toEqual(JSON.parse(text.replace(/```(json)?/g, '')));
  else expect(parsed.issue).toContain(named);
});

test.each([
  // cited {tax.py}; gold {tax.py, rates.py}: Jaccard 1/2 -> round(10 * 0.5) = 5 -> 0.5
  ['In shop/tax.py.', 5],
  // cited {tax.py, rates.py} = gold: Jaccard 1 -> 10 -> 1
  ['See shop/rates.py and ./shop/tax.py.', 10],
  // cited {tax.py, cart.py}; gold {tax.py, rates.py}: 1 shared of 3 in the union -> round(3.33) = 3 -> 0.3
  ['See shop/tax.py and shop/cart.py.', 3],
  // nothing cited: Jaccard 0 -> 0 (a real 0: the task has gold)
  ['No idea.', 0],
  [null, 0],
])('judgeAnswer over a real offline endpoint: %j scores %d of 10', async (answer, raw) => {
  await using h = await offline();
  const verdict = await judgeAnswer({ provider: h.provider, model: 'offline', rubric, task, answer });
  expect(verdict).toMatchObject({ status: 'judged', raw, calls: 1, error: null });
  expect(verdict.score).toBeCloseTo(raw / 10, 12);
  expect(verdict.reason.startsWith(OFFLINE_LABEL)).toBe(true);
  expect(h.completions()).toBe(1);
  // The transcript: the prompt as sent, then the judge's reply.
  expect(verdict.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
  expect(readRubricInput(verdict.messages)).toEqual({ ...input, answer });
  expect(parseRubricReply(verdict.messages[2]!.content)).toMatchObject({ ok: true, reply: { score: raw } });
});

test('the offline policy grades a gold answer text by word overlap', async () => {
  await using h = await offline();
  const verdict = await judgeAnswer({
    provider: h.provider,
    model: 'offline',
    rubric,
    // words of 4+ letters: answer {rate, table, lookup}, gold {rate, table}: 2 of 3 -> round(6.67) = 7
    task: { ...task, gold: { answer: 'The rate table.' } },
    answer: 'A rate table lookup.',
  });
  expect(verdict).toMatchObject({ status: 'judged', raw: 7, score: 0.7 });
});

test('a task with no gold makes no request and scores null, not 0', async () => {
  await using h = await offline();
  const verdict = await judgeAnswer({
    provider: h.provider,
    model: 'offline',
    rubric,
    task: { ...task, gold: { body: 'def tax(): pass' } },
    answer: 'In shop/tax.py.',
  });
  expect(verdict).toMatchObject({
    status: 'no_gold',
    score: null,
    raw: null,
    calls: 0,
    usage: null,
    cost_usd: null,
    messages: [],
    error: null,
  });
  expect(verdict.reason).toContain('`t1`');
  expect(h.endpoint.requests).toHaveLength(0);
});

test('a malformed reply is sent back once; usage and quoted cost are summed', async () => {
  const h = await connect(
    'openai',
    scripted([
      { content: 'score: 6', usage: { prompt: 100, completion: 5 }, cost_usd: 0.001 },
      { content: valid, usage: { prompt: 130, completion: 20 }, cost_usd: 0.002 },
    ]),
  );
  await using _ = { [Symbol.asyncDispose]: () => h.endpoint.close() };
  const verdict = await judgeAnswer({ provider: h.provider, model: 'm', rubric, task, answer: 'a' });
  expect(verdict).toMatchObject({
    status: 'judged',
    raw: 7,
    score: 0.7,
    reason: 'cites one gold file',
    calls: 2,
    usage: { prompt: 230, completion: 25 },
  });
  expect(verdict.cost_usd).toBeCloseTo(0.003, 12);
  expect(verdict.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant']);
  const retry = h.endpoint.requests.filter((r) => r.index === 1)[0]!.body as {
    messages: { content: string }[];
  };
  expect(retry.messages.at(-1)!.content).toContain('not JSON');
});

test('two malformed replies score null with the issue as the reason, and their usage is still reported', async () => {
  const h = await connect(
    'anthropic',
    scripted([
      { content: '{}', usage: { prompt: 10, completion: 1 } },
      { content: '{"score": 12, "reason": "r"}', usage: { prompt: 20, completion: 2 } },
    ]),
  );
  await using _ = { [Symbol.asyncDispose]: () => h.endpoint.close() };
  const verdict = await judgeAnswer({ provider: h.provider, model: 'm', rubric, task, answer: 'a' });
  expect(verdict).toMatchObject({
    status: 'failed',
    score: null,
    raw: null,
    calls: 2,
    usage: { prompt: 30, completion: 3 },
    cost_usd: null,
    error: { type: 'JudgeReplyMalformed' },
  });
  expect(verdict.reason).toContain('`score`');
  expect(verdict.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant']);
});

test('a failed request is a judge failure with its code, not a throw', async () => {
  await using h = await offline();
  await h.endpoint.close();
  const verdict = await judgeAnswer({ provider: h.provider, model: 'offline', rubric, task, answer: 'a' });
  expect(verdict).toMatchObject({ status: 'failed', score: null, calls: 0, usage: null });
  expect(verdict.error?.type).toBe('LLM_REQUEST_FAILED');
  expect(verdict.reason).toContain('the judge request failed');
});

test('offlineRubricStep answers only a rubric prompt', () => {
  const request = (messages: ChatMessage[]): PolicyRequest => ({
    wire: 'openai',
    model: 'offline',
    messages,
    tools: [],
    index: 0,
  });
  expect(offlineRubricStep(request(rubricMessages(input)))?.content).toBe(
    JSON.stringify({
      score: 5,
      reason: `${OFFLINE_LABEL} cites 1 file(s), 1 of the 2 gold file(s) (overlap 0.500)`,
    }),
  );
  expect(offlineRubricStep(request([{ role: 'user', content: 'q' }]))).toBeNull();
  expect(offlineRubricStep(request(judgeMessages({ ...input, answers: { A: 'a', B: null } })))).toBeNull();
});

test('the agent entry offers the rubric judge; its parts are typed where they live', () => {
  expectTypeOf(agent.judgeAnswer).parameter(0).toEqualTypeOf<agent.JudgeAnswerOptions>();
  expectTypeOf(agent.judgeAnswer).returns.toEqualTypeOf<Promise<agent.RubricVerdict>>();
  expectTypeOf<agent.RubricVerdict['score']>().toEqualTypeOf<number | null>();
  expectTypeOf(readRubricInput).returns.toEqualTypeOf<RubricInput | null>();
  expectTypeOf(parseRubricReply).returns.toEqualTypeOf<ParsedRubricReply>();
  expect(RUBRIC_JUDGE_MARKER).toBe('agent-track rubric judge v1');
  for (const fn of [agent.rubricMessages, offlineRubricStep, rubricReplySchema.parse]) {
    expect(fn).toBeTypeOf('function');
  }
});
