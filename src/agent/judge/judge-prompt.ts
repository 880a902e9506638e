import type { Task } from '../../retrieval/index.js';
import type { ChatMessage } from '../llm/providers/chat-provider.js';

/** The first line of every judging prompt's system message: how the offline policy knows it is judging. */
export const JUDGE_MARKER = 'agent-track blind judge v1';

/** The top of the judge's score scale (scores run from 0 to this). */
export const JUDGE_SCALE = 10;

/** What the judge compares against: the task's reference answer, or its gold files when it has none. */
export type JudgeGold = { kind: 'answer'; answer: string } | { kind: 'files'; files: string[] };

/** The judging input as the prompt carries it (between `<judge-input>` tags, as JSON). */
export interface JudgeInput {
  question: string;
  gold: JudgeGold;
  /** The two answers under the neutral labels `A` and `B` (`null`: the agent gave none). */
  answers: { A: string | null; B: string | null };
}

const OPEN = '<judge-input>';
const CLOSE = '</judge-input>';

/**
 * The gold the judge sees: `task.gold.answer` when it has text, else the gold files; `null` when
 * the task has neither (such a task cannot be judged).
 *
 * @example
 * judgeGold({ id: 't', question: 'q', gold: { files: ['a.py'] } }); // { kind: 'files', files: ['a.py'] }
 */
export function judgeGold(task: Task): JudgeGold | null {
  const answer = task.gold.answer?.trim();
  if (answer !== undefined && answer !== '') return { kind: 'answer', answer };
  if (task.gold.files !== undefined) return { kind: 'files', files: [...task.gold.files] };
  return null;
}

/**
 * The judging conversation: a system message naming the rules and the strict JSON reply, and a
 * user message holding the question, the gold and the two answers as `A` and `B` (no arm names).
 *
 * @example
 * const messages = judgeMessages({ question, gold, answers: { A: 'see a.py', B: null } });
 */
export function judgeMessages(input: JudgeInput): ChatMessage[] {
  const system = [
    JUDGE_MARKER,
    'You are a blind judge of two answers to one question about a code base.',
    `Score each answer from 0 (wrong or missing) to ${JUDGE_SCALE} (fully right) against the gold:`,
    'a reference answer, or the files that hold the answer (an answer is right when it points at them).',
    'The labels A and B are in random order and say nothing about where an answer came from.',
    'Reply with only a JSON object, no other text:',
    '{"A": {"score": <number>, "reason": "<one sentence>"}, "B": {"score": <number>, "reason": "<one sentence>"}}',
  ].join('\n');
  const user = `${OPEN}\n${JSON.stringify(input, null, 2)}\n${CLOSE}`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/**
 * The judging input inside a conversation, when it is a judging prompt (its system message opens
 * with `JUDGE_MARKER` and its user message holds the tagged JSON); `null` otherwise.
 *
 * @example
 * readJudgeInput(judgeMessages(input)); // input
 */
export function readJudgeInput(messages: readonly ChatMessage[]): JudgeInput | null {
  const system = messages.find((m) => m.role === 'system');
  if (system === undefined || !system.content.startsWith(JUDGE_MARKER)) return null;
  const user = messages.find((m) => m.role === 'user');
  if (user === undefined) return null;
  const start = user.content.indexOf(OPEN);
  const end = user.content.lastIndexOf(CLOSE);
  if (start < 0 || end < start) return null;
  try {
    return JSON.parse(user.content.slice(start + OPEN.length, end)) as JudgeInput;
  } catch {
    return null;
  }
}
