import type { z } from 'zod';
import { issueParts } from '../../core/index.js';

/** A parsed reply, or why it was refused (a sentence naming the key). */
export type ParsedReply<T> = { ok: true; reply: T } | { ok: false; issue: string };

// A reply wrapped in one Markdown code fence is still read (models add them); nothing else is forgiven.
const FENCE = /^```(?:json)?\s*\n([\s\S]*?)\n```$/;

/**
 * Reads a model's JSON reply strictly against `schema`: the whole text (trimmed, optionally inside
 * one ```json fence) must be the object the schema describes; the first issue is named by its key
 * (`A.score`, `(root)`), an unknown key by its own name. `what` names the schema in the issue.
 *
 * @example
 * parseStrictReply('{"score": 7, "reason": "r"}', rubricReplySchema, 'the rubric schema').ok; // true
 */
export function parseStrictReply<S extends z.ZodType>(
  text: string,
  schema: S,
  what: string,
): ParsedReply<z.infer<S>> {
  const trimmed = text.trim();
  const body = FENCE.exec(trimmed)?.[1] ?? trimmed;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false, issue: `the reply is not JSON: \`${trimmed.slice(0, 60)}\`` };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, reply: parsed.data };
  const { key, message } = issueParts(parsed.error.issues[0]!, value);
  return { ok: false, issue: `the reply fails ${what} at \`${key || '(root)'}\`: ${message}` };
}
