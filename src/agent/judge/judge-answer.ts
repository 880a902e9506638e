import type { Task } from '../../retrieval/index.js';
import type { ChatMessage, ChatProvider } from '../llm/providers/chat-provider.js';
import { askStrict } from './ask-strict.js';
import { JUDGE_SCALE, judgeGold } from './judge-prompt.js';
import { type JudgeTally, tallyCompletion } from './judge-tally.js';
import { rubricMessages } from './rubric-prompt.js';
import { parseRubricReply } from './rubric-reply.js';

export interface JudgeAnswerOptions {
  provider: ChatProvider;
  model: string;
  /** The rubric text (e.g. `configs/judge/answer-rubric.md`), shown to the judge verbatim. */
  rubric: string;
  task: Task;
  /** The answer to grade; `null` when the agent gave none (it is still graded, and scores low). */
  answer: string | null;
}

/** What the rubric judge said about one answer, and what it cost. */
export interface RubricVerdict extends JudgeTally {
  /** `no_gold`: the task has nothing to grade against and no request was made. */
  status: 'judged' | 'failed' | 'no_gold';
  /** The judge's score normalized to [0, 1] (`raw / JUDGE_SCALE`); `null` unless judged (never 0 for "unknown"). */
  score: number | null;
  /** The judge's score in [0, JUDGE_SCALE]; `null` unless judged. */
  raw: number | null;
  /** The judge's one sentence; when not judged, why not (the reply's issue, the request's error). */
  reason: string;
  /** The conversation sent, with every reply received (empty when no request was made): the transcript to write. */
  messages: ChatMessage[];
  /** Why the judge failed (`{type, message}`); `null` when judged or when there was no gold. */
  error: { type: string; message: string } | null;
}

/**
 * Grades one answer against a rubric: the model sees the rubric, the question and the gold
 * (`task.gold.answer`, or the gold files) and replies `{"score", "reason"}` (strict JSON, score
 * 0..JUDGE_SCALE), normalized to [0, 1]. A task with no gold makes no request (`status: 'no_gold'`,
 * score `null`). A malformed reply is sent back once with the problem named; a second malformed
 * reply, or a request that fails, is `status: 'failed'` with score `null` and the issue as the
 * reason, never a throw. Calls, usage and quoted cost are summed over every request, for booking.
 *
 * @example
 * const verdict = await judgeAnswer({ provider, model: 'offline', rubric, task, answer: 'See shop/tax.py and shop/cart.py.' });
 * verdict.score; // 0.5 (raw 5 of 10)
 */
export async function judgeAnswer(options: JudgeAnswerOptions): Promise<RubricVerdict> {
  const { task } = options;
  const verdict: RubricVerdict = {
    status: 'failed',
    score: null,
    raw: null,
    reason: '',
    messages: [],
    calls: 0,
    usage: null,
    cost_usd: null,
    error: null,
  };
  const gold = judgeGold(task);
  if (gold === null) {
    verdict.status = 'no_gold';
    verdict.reason = `task \`${task.id}\` has neither \`gold.answer\` text nor \`gold.files\`: nothing to grade against`;
    return verdict;
  }
  const messages = rubricMessages({
    rubric: options.rubric,
    question: task.question,
    gold,
    answer: options.answer,
  });
  verdict.messages = messages;
  const answer = await askStrict({
    provider: options.provider,
    model: options.model,
    messages,
    parse: parseRubricReply,
    retry: (issue) =>
      `Your reply was refused: ${issue}. Reply with only the JSON object, the score from 0 to ${JUDGE_SCALE}.`,
    onResult: (result) => tallyCompletion(verdict, result),
  });
  if (!answer.ok) {
    verdict.error = answer.error;
    verdict.reason = answer.issue;
    return verdict;
  }
  verdict.status = 'judged';
  verdict.raw = answer.reply.score;
  verdict.score = answer.reply.score / JUDGE_SCALE;
  verdict.reason = answer.reply.reason;
  return verdict;
}
