import { AgentTrackError } from '../../core/index.js';
import type { Task } from '../../retrieval/index.js';
import { createRandom, shuffled } from '../../stats/index.js';
import type { ChatMessage, ChatProvider } from '../llm/providers/chat-provider.js';
import { askStrict } from './ask-strict.js';
import { JUDGE_SCALE, judgeGold, judgeMessages } from './judge-prompt.js';
import { parseJudgeReply } from './judge-reply.js';
import { tallyCompletion } from './judge-tally.js';

/** One answer to judge, under its arm's name (never shown to the judge). */
export interface JudgedAnswer {
  arm: string;
  answer: string | null;
}

export interface JudgePairOptions {
  provider: ChatProvider;
  model: string;
  task: Task;
  /** Exactly two answers; their order in the prompt is drawn from `seed` and the task id. */
  answers: readonly [JudgedAnswer, JudgedAnswer];
  seed?: number | string;
}

/** What the judge said about one pair, and what it cost. */
export interface JudgeVerdict {
  status: 'judged' | 'failed';
  /** The arms in prompt order: the first was shown as `A`. */
  order: [string, string];
  /** Arm -> score in [0, JUDGE_SCALE]; `null` when the judge failed. */
  scores: Record<string, number | null>;
  reasons: Record<string, string | null>;
  /** Completion requests made (a malformed reply is retried once). */
  calls: number;
  usage: { prompt: number; completion: number } | null;
  /** Sum of endpoint-quoted costs; `null` when none was quoted. */
  cost_usd: number | null;
  /** Why the judge failed (`{type, message}`); `null` when judged. */
  error: { type: string; message: string } | null;
}

/**
 * The order the two arms are shown in, drawn from a seeded source keyed by `seed` and the task:
 * the same inputs always give the same order, and across tasks either arm comes first.
 *
 * @example
 * judgeOrder(0, 't1', ['bare', 'with-server']); // ['with-server', 'bare'] or ['bare', 'with-server'], always the same
 */
export function judgeOrder(
  seed: number | string,
  taskId: string,
  arms: readonly [string, string],
): [string, string] {
  const [first, second] = shuffled(arms, createRandom(`${seed}:${taskId}`));
  return [first!, second!];
}

/**
 * Judges two answers blind: the model sees the question, the gold (`task.gold.answer`, or the gold
 * files) and the answers as `A` and `B` in a seeded order, and replies with a score and a reason
 * for each (strict JSON). A malformed reply is sent back once with the problem named; a second
 * malformed reply, or a request that fails, is a judge failure (`status: 'failed'`), never a throw.
 * A task with no answer text and no gold files is refused (`JUDGE_NO_GOLD`).
 *
 * @example
 * const verdict = await judgePair({ provider, model: 'offline', task, answers: [{ arm: 'bare', answer: a }, { arm: 'with-server', answer: b }] });
 * verdict.scores['with-server']; // 10
 */
export async function judgePair(options: JudgePairOptions): Promise<JudgeVerdict> {
  const { task, answers } = options;
  const gold = judgeGold(task);
  if (gold === null) {
    throw new AgentTrackError(
      'JUDGE_NO_GOLD',
      `Task \`${task.id}\` has neither \`gold.answer\` text nor \`gold.files\`: the judge has nothing to compare with`,
      { data: { task_id: task.id } },
    );
  }
  const order = judgeOrder(options.seed ?? 0, task.id, [answers[0].arm, answers[1].arm]);
  const byArm = new Map(answers.map((a) => [a.arm, a.answer]));
  const verdict: JudgeVerdict = {
    status: 'failed',
    order,
    scores: { [order[0]]: null, [order[1]]: null },
    reasons: { [order[0]]: null, [order[1]]: null },
    calls: 0,
    usage: null,
    cost_usd: null,
    error: null,
  };
  const messages: ChatMessage[] = judgeMessages({
    question: task.question,
    gold,
    answers: { A: byArm.get(order[0]) ?? null, B: byArm.get(order[1]) ?? null },
  });
  const answer = await askStrict({
    provider: options.provider,
    model: options.model,
    messages,
    parse: parseJudgeReply,
    retry: (issue) =>
      `Your reply was refused: ${issue}. Reply with only the JSON object, scores from 0 to ${JUDGE_SCALE}.`,
    onResult: (result) => tallyCompletion(verdict, result),
  });
  if (!answer.ok) {
    verdict.error = answer.error;
    return verdict;
  }
  const { A, B } = answer.reply;
  verdict.status = 'judged';
  verdict.scores = { [order[0]]: A.score, [order[1]]: B.score };
  verdict.reasons = { [order[0]]: A.reason, [order[1]]: B.reason };
  return verdict;
}
