import { expect, test } from 'vitest';
import { offlineJudgeScore } from '../../../src/agent/endpoint/offline-judge.js';
import { OFFLINE_LABEL } from '../../../src/agent/endpoint/offline-label.js';
import { createOfflinePolicy } from '../../../src/agent/endpoint/offline-policy.js';
import { judgeOrder, judgePair } from '../../../src/agent/judge/judge-pair.js';
import { judgeGold, judgeMessages, readJudgeInput } from '../../../src/agent/judge/judge-prompt.js';
import { parseJudgeReply } from '../../../src/agent/judge/judge-reply.js';
import { AgentTrackError } from '../../../src/core/errors.js';
import type { Task } from '../../../src/retrieval/index.js';
import { connect, scripted } from '../endpoint-helpers.js';

const task: Task = { id: 't1', question: 'Where is tax computed?', gold: { files: ['shop/tax.py'] } };
const valid = '{"A": {"score": 7, "reason": "close"}, "B": {"score": 2, "reason": "wrong file"}}';

test.each([
  ['plain JSON', valid, true, ''],
  ['inside one ```json fence', `\`\`\`json\n${valid}\n\`\`\``, true, ''],
  ['prose', 'A is better.', false, 'not JSON'],
  [
    'an unknown key',
    '{"A": {"score": 1, "reason": "r", "x": 1}, "B": {"score": 1, "reason": "r"}}',
    false,
    '`A.x`',
  ],
  [
    'a score past the scale',
    '{"A": {"score": 11, "reason": "r"}, "B": {"score": 1, "reason": "r"}}',
    false,
    '`A.score`',
  ],
  ['a missing answer', '{"A": {"score": 1, "reason": "r"}}', false, '`B`'],
])('parseJudgeReply: %s', (_, text, ok, named) => {
  const parsed = parseJudgeReply(text);
  expect(parsed.ok).toBe(ok);
  if (!parsed.ok) expect(parsed.issue).toContain(named);
});

test('the order is seeded: the same inputs give the same order, and across tasks either arm comes first', () => {
  const arms = ['bare', 'with-server'] as const;
  expect(judgeOrder(0, 't1', arms)).toEqual(judgeOrder(0, 't1', arms));
  const firsts = new Set(Array.from({ length: 20 }, (_, i) => judgeOrder(0, `t${i}`, arms)[0]));
  expect(firsts).toEqual(new Set(arms));
});

test('the prompt carries no arm name, and the offline policy reads the input back', () => {
  const messages = judgeMessages({
    question: task.question,
    gold: judgeGold(task)!,
    answers: { A: 'x', B: null },
  });
  const text = messages.map((m) => m.content).join('\n');
  expect(text).not.toMatch(/bare|with-server/);
  expect(readJudgeInput(messages)).toEqual({
    question: task.question,
    gold: { kind: 'files', files: ['shop/tax.py'] },
    answers: { A: 'x', B: null },
  });
  expect(judgeGold({ ...task, gold: { answer: ' 42 ', files: ['a.py'] } })).toEqual({
    kind: 'answer',
    answer: '42',
  });
});

test.each([
  // |{a.py, b.py} ∩ {a.py}| / |{a.py, b.py} ∪ {a.py}| = 1/2 -> round(10 * 0.5) = 5
  ['See shop/a.py and shop/b.py.', ['shop/a.py'], 5],
  ['It is in ./shop/a.py', ['shop/a.py'], 10],
  // 1 shared of 3 in the union -> round(3.33) = 3
  ['shop/a.py', ['shop/a.py', 'shop/b.py', 'shop/c.py'], 3],
  ['No idea.', ['shop/a.py'], 0],
])('offline judge score of %j against %j is %d', (answer, files, score) => {
  expect(offlineJudgeScore(answer, { kind: 'files', files }).score).toBe(score);
});

test('a malformed reply is sent back once; calls, usage and quoted cost are summed', async () => {
  const h = await connect(
    'openai',
    scripted([
      { content: 'A wins', usage: { prompt: 100, completion: 5 }, cost_usd: 0.001 },
      { content: valid, usage: { prompt: 130, completion: 20 }, cost_usd: 0.002 },
    ]),
  );
  await using _ = { [Symbol.asyncDispose]: () => h.endpoint.close() };
  const verdict = await judgePair({
    provider: h.provider,
    model: 'm',
    task,
    answers: [
      { arm: 'bare', answer: 'a' },
      { arm: 'with-server', answer: 'b' },
    ],
  });
  const [first, second] = verdict.order;
  expect(verdict).toMatchObject({
    status: 'judged',
    calls: 2,
    usage: { prompt: 230, completion: 25 },
    error: null,
  });
  expect(verdict.cost_usd).toBeCloseTo(0.003, 12);
  // A is whichever arm the seeded order put first.
  expect(verdict.scores).toEqual({ [first]: 7, [second]: 2 });
  const retry = h.endpoint.requests.filter((r) => r.index === 1)[0]!.body as {
    messages: { content: string }[];
  };
  expect(retry.messages.at(-1)!.content).toContain('not JSON');
});

test('two malformed replies are a judge failure, not a throw; a task with no gold is refused', async () => {
  const h = await connect('anthropic', scripted([{ content: '{}' }, { content: '{"A": 1}' }]));
  await using _ = { [Symbol.asyncDispose]: () => h.endpoint.close() };
  const answers = [
    { arm: 'bare', answer: 'a' },
    { arm: 'with-server', answer: null },
  ] as const;
  const verdict = await judgePair({ provider: h.provider, model: 'm', task, answers });
  expect(verdict.status).toBe('failed');
  expect(verdict.calls).toBe(2);
  expect(verdict.scores).toEqual({ bare: null, 'with-server': null });
  expect(verdict.error?.type).toBe('JudgeReplyMalformed');
  await expect(
    judgePair({
      provider: h.provider,
      model: 'm',
      task: { ...task, gold: { body: 'def f(): pass' } },
      answers,
    }),
  ).rejects.toThrow(AgentTrackError);
});

test('the offline policy judges a judging prompt by cited-path overlap, labelled as the offline policy', async () => {
  const h = await connect('openai', createOfflinePolicy());
  await using _ = { [Symbol.asyncDispose]: () => h.endpoint.close() };
  const verdict = await judgePair({
    provider: h.provider,
    model: 'offline',
    task,
    answers: [
      { arm: 'bare', answer: 'See shop/tax.py and shop/cart.py.' },
      { arm: 'with-server', answer: 'In shop/tax.py.' },
    ],
  });
  expect(verdict.scores).toEqual({ bare: 5, 'with-server': 10 });
  expect(verdict.reasons.bare?.startsWith(OFFLINE_LABEL)).toBe(true);
  expect(verdict.calls).toBe(1);
});
