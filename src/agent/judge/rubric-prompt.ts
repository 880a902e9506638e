import type { ChatMessage } from '../llm/providers/chat-provider.js';
import { JUDGE_SCALE, type JudgeGold } from './judge-prompt.js';

/** The first line of every rubric prompt's system message: how the offline policy knows it is grading. */
export const RUBRIC_JUDGE_MARKER = 'agent-track rubric judge v1';

/** One answer to grade against a rubric (the rubric in the system message, the rest as tagged JSON). */
export interface RubricInput {
  /** The rubric text, carried verbatim. */
  rubric: string;
  question: string;
  gold: JudgeGold;
  /** The answer to grade (`null`: the agent gave none). */
  answer: string | null;
}

const RUBRIC_OPEN = '\n<rubric>\n';
const RUBRIC_CLOSE = '\n</rubric>\n';
const OPEN = '<rubric-input>';
const CLOSE = '</rubric-input>';

/**
 * The grading conversation: a system message opening with `RUBRIC_JUDGE_MARKER` that holds the
 * rubric verbatim (between `<rubric>` lines), the 0..JUDGE_SCALE scale and the strict JSON reply,
 * and a user message holding the question, the gold and the answer as JSON between
 * `<rubric-input>` tags. The reply format replaces any the rubric itself names.
 *
 * @example
 * const messages = rubricMessages({ rubric, question: 'Where is tax computed?', gold: { kind: 'files', files: ['shop/tax.py'] }, answer: 'In shop/tax.py.' });
 */
export function rubricMessages(input: RubricInput): ChatMessage[] {
  const system = [
    RUBRIC_JUDGE_MARKER,
    'You grade one answer to one question about a code base, against the gold (a reference answer,',
    'or the files that hold the answer: an answer is right when it points at them), by this rubric:',
  ].join('\n');
  const reply = [
    `Give one score from 0 (wrong or missing) to ${JUDGE_SCALE} (fully right); when the rubric totals`,
    `on another scale, rescale its total to 0..${JUDGE_SCALE}. This reply format replaces any the rubric names.`,
    'Reply with only a JSON object, no other text:',
    '{"score": <number>, "reason": "<one sentence>"}',
  ].join('\n');
  const { rubric, ...rest } = input;
  const user = `${OPEN}\n${JSON.stringify(rest, null, 2)}\n${CLOSE}`;
  return [
    { role: 'system', content: `${system}${RUBRIC_OPEN}${rubric}${RUBRIC_CLOSE}${reply}` },
    { role: 'user', content: user },
  ];
}

function between(text: string, open: string, close: string): string | null {
  const start = text.indexOf(open);
  const end = text.lastIndexOf(close);
  if (start < 0 || end < start + open.length) return null;
  return text.slice(start + open.length, end);
}

/**
 * The grading input inside a conversation, when it is a rubric prompt (its system message opens
 * with `RUBRIC_JUDGE_MARKER` and holds the rubric, its user message the tagged JSON); `null` otherwise.
 *
 * @example
 * readRubricInput(rubricMessages(input)); // input
 */
export function readRubricInput(messages: readonly ChatMessage[]): RubricInput | null {
  const system = messages.find((m) => m.role === 'system');
  if (system === undefined || !system.content.startsWith(RUBRIC_JUDGE_MARKER)) return null;
  const rubric = between(system.content, RUBRIC_OPEN, RUBRIC_CLOSE);
  const user = messages.find((m) => m.role === 'user');
  if (rubric === null || user === undefined) return null;
  const json = between(user.content, OPEN, CLOSE);
  if (json === null) return null;
  try {
    const rest = JSON.parse(json) as Omit<RubricInput, 'rubric'>;
    return { rubric, question: rest.question, gold: rest.gold, answer: rest.answer };
  } catch {
    return null;
  }
}
