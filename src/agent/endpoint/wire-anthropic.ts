import { z } from 'zod';
import type { Usage } from '../../trajectory/index.js';
import type { ChatMessage, ToolDefinition } from '../llm/providers/chat-provider.js';
import type { PolicyReply } from './policy.js';

const textBlocks = z.array(z.looseObject({ type: z.string(), text: z.string().optional() }));

const blockSchema = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  id: z.string().optional(),
  name: z.string().optional(),
  input: z.record(z.string(), z.unknown()).optional(),
  tool_use_id: z.string().optional(),
  content: z.union([z.string(), textBlocks]).optional(),
});

export const anthropicRequestSchema = z.looseObject({
  model: z.string(),
  max_tokens: z.number(),
  system: z.union([z.string(), textBlocks]).optional(),
  messages: z.array(
    z.looseObject({
      role: z.enum(['user', 'assistant']),
      content: z.union([z.string(), z.array(blockSchema)]),
    }),
  ),
  tools: z
    .array(
      z.looseObject({
        name: z.string(),
        description: z.string().optional(),
        input_schema: z.record(z.string(), z.unknown()),
      }),
    )
    .optional(),
  tool_choice: z.looseObject({ type: z.string() }).optional(),
});

const joined = (content: string | z.infer<typeof textBlocks> | undefined) =>
  content === undefined
    ? ''
    : typeof content === 'string'
      ? content
      : content.map((b) => b.text ?? '').join('');

/** An Anthropic messages body as neutral messages (tool results become `tool` messages) and tools. */
export function fromAnthropicRequest(body: z.infer<typeof anthropicRequestSchema>): {
  messages: ChatMessage[];
  tools: ToolDefinition[];
  toolChoice?: 'auto' | 'none' | 'required';
} {
  const messages: ChatMessage[] = [];
  if (body.system !== undefined) messages.push({ role: 'system', content: joined(body.system) });
  for (const message of body.messages) {
    if (typeof message.content === 'string') {
      messages.push({ role: message.role, content: message.content });
      continue;
    }
    if (message.role === 'assistant') {
      const text = message.content.map((b) => (b.type === 'text' ? (b.text ?? '') : '')).join('');
      const calls = message.content
        .filter((b) => b.type === 'tool_use')
        .map((b) => ({
          id: b.id ?? '',
          name: b.name ?? '',
          arguments: b.input ?? {},
          arguments_raw: JSON.stringify(b.input ?? {}),
        }));
      messages.push({ role: 'assistant', content: text, tool_calls: calls });
      continue;
    }
    for (const block of message.content) {
      if (block.type === 'tool_result') {
        messages.push({
          role: 'tool',
          tool_call_id: block.tool_use_id ?? '',
          content: joined(block.content),
        });
      } else if (block.type === 'text') messages.push({ role: 'user', content: block.text ?? '' });
    }
  }
  const tools = (body.tools ?? []).map((tool) => ({
    name: tool.name,
    description: tool.description ?? '',
    input_schema: tool.input_schema,
  }));
  const choice = { auto: 'auto', none: 'none', any: 'required' }[body.tool_choice?.type ?? ''] as
    | 'auto'
    | 'none'
    | 'required'
    | undefined;
  return choice === undefined ? { messages, tools } : { messages, tools, toolChoice: choice };
}

/**
 * Neutral usage as Anthropic's: `input_tokens` excludes the cache read (the `cached` slice), so the
 * provider's mapping (prompt = input + cache read + cache creation) gives the neutral usage back.
 */
export function anthropicWireUsage(usage: Usage, costUsd: number | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {
    input_tokens: usage.prompt - (usage.cached ?? 0),
    output_tokens: usage.completion,
  };
  if (usage.cached !== undefined) out.cache_read_input_tokens = usage.cached;
  if (usage.reasoning !== undefined) out.output_tokens_details = { thinking_tokens: usage.reasoning };
  if (costUsd !== undefined) out.cost = costUsd;
  return out;
}

const STOP: Record<string, string> = { stop: 'end_turn', tool_calls: 'tool_use', length: 'max_tokens' };

/** A `message` response body. */
export function anthropicResponse(
  id: string,
  model: string,
  reply: PolicyReply,
  callIds: string[],
  usage: Record<string, unknown>,
): Record<string, unknown> {
  const content: Record<string, unknown>[] = [];
  if (reply.content !== '') content.push({ type: 'text', text: reply.content });
  reply.tool_calls.forEach((call, i) => {
    content.push({ type: 'tool_use', id: callIds[i], name: call.name, input: call.arguments });
  });
  const finish = reply.finish_reason ?? (reply.tool_calls.length > 0 ? 'tool_calls' : 'stop');
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: STOP[finish] ?? finish,
    stop_sequence: null,
    usage,
  };
}

/** An Anthropic error body. */
export function anthropicError(status: number, message: string): Record<string, unknown> {
  const type =
    status === 401
      ? 'authentication_error'
      : status === 429
        ? 'rate_limit_error'
        : status === 529
          ? 'overloaded_error'
          : status >= 500
            ? 'api_error'
            : 'invalid_request_error';
  return { type: 'error', error: { type, message } };
}
