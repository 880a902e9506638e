import { z } from 'zod';
import { JUDGE_SCALE } from './judge-prompt.js';
import { type ParsedReply, parseStrictReply } from './strict-reply.js';

const scoreSchema = z.object({ score: z.number().min(0).max(JUDGE_SCALE), reason: z.string() }).strict();

/** The judge's reply: exactly `{A: {score, reason}, B: {score, reason}}`, scores in [0, JUDGE_SCALE]. */
export const judgeReplySchema = z.object({ A: scoreSchema, B: scoreSchema }).strict();

export type JudgeReply = z.infer<typeof judgeReplySchema>;

/** A parsed reply, or why it was refused (a sentence naming the key). */
export type ParsedJudgeReply = ParsedReply<JudgeReply>;

/**
 * Reads a judge's reply strictly: the whole text (trimmed, optionally inside one ```json fence)
 * must be the JSON object `judgeReplySchema` describes; unknown keys are refused by name.
 *
 * @example
 * parseJudgeReply('{"A": {"score": 7, "reason": "r"}, "B": {"score": 2, "reason": "r"}}').ok; // true
 */
export function parseJudgeReply(text: string): ParsedJudgeReply {
  return parseStrictReply(text, judgeReplySchema, 'the judge schema');
}
