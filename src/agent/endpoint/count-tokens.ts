import type { ChatMessage, ToolDefinition } from '../llm/providers/chat-provider.js';
import { loadO200k, type O200k, RANKS_TABLE } from './o200k.js';

let loaded: O200k | undefined;
// Loaded on first use: a process counting nothing never reads its ranks.
const o200k = (): O200k => (loaded ??= loadO200k(RANKS_TABLE));

// The same texts are counted turn after turn (a system prompt, tool definitions, every earlier
// message of a conversation): their counts are kept, the oldest dropped past COUNTS_KEPT.
const COUNTS_KEPT = 4096;
const counts = new Map<string, number>();

/**
 * Tokens of a text with the o200k_base encoding (GPT-4o's), bundled with `gpt-tokenizer`: no
 * download at run time. A text counted before is not tokenized again.
 *
 * @example
 * countTokens('hello world'); // 2
 */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  const known = counts.get(text);
  if (known !== undefined) return known;
  const count = o200k().countTokens(text);
  if (counts.size >= COUNTS_KEPT) counts.delete(counts.keys().next().value!);
  counts.set(text, count);
  return count;
}

/**
 * The first `limit` tokens of a text (all of it when it has no more).
 *
 * @example
 * headTokens('hello world again', 2); // 'hello world'
 */
export function headTokens(text: string, limit: number): string {
  const tokens = o200k().encode(text);
  return tokens.length <= limit ? text : o200k().decode(tokens.slice(0, Math.max(0, limit)));
}

function messageTokens(message: ChatMessage): number {
  let total = countTokens(message.content);
  if (message.role === 'assistant') {
    for (const call of message.tool_calls ?? [])
      total += countTokens(call.name) + countTokens(call.arguments_raw);
  }
  return total;
}

/** A tool definition's tokens: its name, its description and its JSON Schema (compact JSON). */
export function toolTokens(tool: ToolDefinition): number {
  return (
    countTokens(tool.name) + countTokens(tool.description) + countTokens(JSON.stringify(tool.input_schema))
  );
}

/**
 * The prompt of a request as the offline endpoint bills it: the sum of each message's content
 * tokens (plus each tool call's name and raw arguments) and each tool definition's tokens. No
 * per-message overhead is added, so a count can be checked by hand.
 *
 * @example
 * promptTokens([{ role: 'user', content: 'hello world' }], []); // 2
 */
export function promptTokens(messages: readonly ChatMessage[], tools: readonly ToolDefinition[]): number {
  let total = 0;
  for (const message of messages) total += messageTokens(message);
  for (const tool of tools) total += toolTokens(tool);
  return total;
}

/**
 * A reply's tokens: its text plus each tool call's name and compact JSON arguments.
 *
 * @example
 * completionTokens('Hello, world!', []); // 4
 */
export function completionTokens(
  content: string,
  calls: readonly { name: string; arguments: Record<string, unknown> }[],
): number {
  let total = countTokens(content);
  for (const call of calls) total += countTokens(call.name) + countTokens(JSON.stringify(call.arguments));
  return total;
}
