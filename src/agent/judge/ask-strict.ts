import { AgentTrackError } from '../../core/index.js';
import type { ChatMessage, ChatProvider, CompletionResult } from '../llm/providers/chat-provider.js';
import type { ParsedReply } from './strict-reply.js';

/** The judge's reply read, or why there is none (a failed request, or two malformed replies). */
export type StrictAnswer<T> =
  | { ok: true; reply: T }
  | { ok: false; error: { type: string; message: string }; issue: string };

/**
 * Asks a judge for a strict reply: one request, and when its reply is refused by `parse`, the reply
 * and the refusal (`retry(issue)`) are sent back once. Every completion is handed to `onResult`
 * (for tallying usage); every reply is appended to `messages` (the transcript). A failed request
 * is an answer with its error, never a throw.
 *
 * @example
 * const answer = await askStrict({ provider, model, messages, parse: parseRubricReply, retry, onResult });
 */
export async function askStrict<T>(options: {
  provider: ChatProvider;
  model: string;
  messages: ChatMessage[];
  parse: (text: string) => ParsedReply<T>;
  retry: (issue: string) => string;
  onResult: (result: CompletionResult) => void;
}): Promise<StrictAnswer<T>> {
  const { messages } = options;
  let issue = '';
  for (let attempt = 0; attempt < 2; attempt++) {
    let result: CompletionResult;
    try {
      result = await options.provider.complete({ model: options.model, messages, tools: [] });
    } catch (error) {
      const type = error instanceof AgentTrackError ? error.code : (error as Error).name;
      const message = (error as Error).message;
      return { ok: false, error: { type, message }, issue: `the judge request failed: ${message}` };
    }
    options.onResult(result);
    messages.push({ role: 'assistant', content: result.message.content });
    const parsed = options.parse(result.message.content);
    if (parsed.ok) return { ok: true, reply: parsed.reply };
    issue = parsed.issue;
    if (attempt === 0) messages.push({ role: 'user', content: options.retry(issue) });
  }
  return {
    ok: false,
    error: { type: 'JudgeReplyMalformed', message: `two malformed replies; the last: ${issue}` },
    issue,
  };
}
