import { z } from 'zod';
import { JUDGE_SCALE } from './judge-prompt.js';

const scoreSchema = z.object({ score: z.number().min(0).max(JUDGE_SCALE), reason: z.string() }).strict();

/** The judge's reply: exactly `{A: {score, reason}, B: {score, reason}}`, scores in [0, JUDGE_SCALE]. */
export const judgeReplySchema = z.object({ A: scoreSchema, B: scoreSchema }).strict();

export type JudgeReply = z.infer<typeof judgeReplySchema>;

/** A parsed reply, or why it was refused (a sentence naming the key). */
export type ParsedJudgeReply = { ok: true; reply: JudgeReply } | { ok: false; issue: string };

// A reply wrapped in one Markdown code fence is still read (models add them); nothing else is forgiven.
const FENCE = /^```(?:json)?\s*\n([\s\S]*?)\n```$/;

/**
 * Reads a judge's reply strictly: the whole text (trimmed, optionally inside one ```json fence)
 * must be the JSON object `judgeReplySchema` describes; unknown keys are refused by name.
 *
 * @example
 * parseJudgeReply('{"A": {"score": 7, "reason": "r"}, "B": {"score": 2, "reason": "r"}}').ok; // true
 */
export function parseJudgeReply(text: string): ParsedJudgeReply {
  const trimmed = text.trim();
  const body = FENCE.exec(trimmed)?.[1] ?? trimmed;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false, issue: `the reply is not JSON: \`${trimmed.slice(0, 60)}\`` };
  }
  const parsed = judgeReplySchema.safeParse(value);
  if (parsed.success) return { ok: true, reply: parsed.data };
  const issue = parsed.error.issues[0]!;
  const key =
    issue.code === 'unrecognized_keys'
      ? [...issue.path, issue.keys[0]].map(String).join('.')
      : issue.path.map(String).join('.');
  return { ok: false, issue: `the reply fails the judge schema at \`${key || '(root)'}\`: ${issue.message}` };
}
