import { z } from 'zod';
import { JUDGE_SCALE } from './judge-prompt.js';
import { type ParsedReply, parseStrictReply } from './strict-reply.js';

/** The rubric judge's reply: exactly `{score, reason}`, the score in [0, JUDGE_SCALE]. */
export const rubricReplySchema = z
  .object({ score: z.number().min(0).max(JUDGE_SCALE), reason: z.string() })
  .strict();

export type RubricReply = z.infer<typeof rubricReplySchema>;

/** A parsed rubric reply, or why it was refused (a sentence naming the key). */
export type ParsedRubricReply = ParsedReply<RubricReply>;

/**
 * Reads a rubric judge's reply strictly: the whole text (trimmed, optionally inside one ```json
 * fence) must be the JSON object `rubricReplySchema` describes; unknown keys are refused by name.
 *
 * @example
 * parseRubricReply('{"score": 7, "reason": "cites one of the two gold files"}').ok; // true
 * parseRubricReply('{"score": 11, "reason": "r"}'); // { ok: false, issue: 'the reply fails the rubric schema at `score`: ...' }
 */
export function parseRubricReply(text: string): ParsedRubricReply {
  return parseStrictReply(text, rubricReplySchema, 'the rubric schema');
}
