import { z } from 'zod';
import type { Usage } from '../../trajectory/index.js';
import type { ChatMessage, ToolDefinition } from '../llm/providers/chat-provider.js';
import { parseToolArguments } from '../llm/providers/tool-arguments.js';
import type { PolicyReply } from './policy.js';

// Loose objects: SDKs send many parameters (temperature, seed, ...) that a policy ignores; the
// shapes a policy reads are checked.
const textContent = z.union([
  z.string(),
  z.null(),
  z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
]);

const messageSchema = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: textContent.optional(),
  tool_call_id: z.string().optional(),
  tool_calls: z
    .array(
      z.looseObject({
        id: z.string(),
        function: z.looseObject({ name: z.string(), arguments: z.string() }),
      }),
    )
    .optional(),
});

export const openAIRequestSchema = z.looseObject({
  model: z.string(),
  messages: z.array(messageSchema),
  tools: z
    .array(
      z.looseObject({
        type: z.literal('function'),
        function: z.looseObject({
          name: z.string(),
          description: z.string().optional(),
          parameters: z.record(z.string(), z.unknown()).optional(),
        }),
      }),
    )
    .optional(),
  tool_choice: z.unknown().optional(),
});

function text(content: z.infer<typeof textContent> | undefined): string {
  if (content === undefined || content === null) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => part.text ?? '').join('');
}

/** An OpenAI chat-completions body as neutral messages and tools. */
export function fromOpenAIRequest(body: z.infer<typeof openAIRequestSchema>): {
  messages: ChatMessage[];
  tools: ToolDefinition[];
  toolChoice?: 'auto' | 'none' | 'required';
} {
  const messages = body.messages.map((message): ChatMessage => {
    const content = text(message.content);
    if (message.role === 'system' || message.role === 'developer') return { role: 'system', content };
    if (message.role === 'user') return { role: 'user', content };
    if (message.role === 'tool') return { role: 'tool', tool_call_id: message.tool_call_id ?? '', content };
    return {
      role: 'assistant',
      content,
      tool_calls: (message.tool_calls ?? []).map((call) => ({
        id: call.id,
        name: call.function.name,
        arguments: parseToolArguments(call.function.arguments),
        arguments_raw: call.function.arguments,
      })),
    };
  });
  const tools = (body.tools ?? []).map((tool) => ({
    name: tool.function.name,
    description: tool.function.description ?? '',
    input_schema: tool.function.parameters ?? {},
  }));
  const choice = body.tool_choice;
  return choice === 'auto' || choice === 'none' || choice === 'required'
    ? { messages, tools, toolChoice: choice }
    : { messages, tools };
}

/** Neutral usage as OpenAI's, slices in the details objects only when known. */
export function openAIWireUsage(usage: Usage, costUsd: number | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {
    prompt_tokens: usage.prompt,
    completion_tokens: usage.completion,
    total_tokens: usage.prompt + usage.completion,
  };
  if (usage.cached !== undefined) out.prompt_tokens_details = { cached_tokens: usage.cached };
  if (usage.reasoning !== undefined) out.completion_tokens_details = { reasoning_tokens: usage.reasoning };
  if (costUsd !== undefined) out.cost = costUsd;
  return out;
}

/** A chat.completion response body. */
export function openAIResponse(
  id: string,
  model: string,
  reply: PolicyReply,
  callIds: string[],
  usage: Record<string, unknown>,
): Record<string, unknown> {
  const calls = reply.tool_calls.map((call, i) => ({
    id: callIds[i],
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: calls.length > 0 && reply.content === '' ? null : reply.content,
    refusal: null,
  };
  if (calls.length > 0) message.tool_calls = calls;
  return {
    id,
    object: 'chat.completion',
    created: 0,
    model,
    choices: [
      {
        index: 0,
        message,
        finish_reason: reply.finish_reason ?? (calls.length > 0 ? 'tool_calls' : 'stop'),
        logprobs: null,
      },
    ],
    usage,
  };
}

/** An OpenAI error body. */
export function openAIError(status: number, message: string): Record<string, unknown> {
  const type =
    status === 401
      ? 'authentication_error'
      : status === 429
        ? 'rate_limit_error'
        : status >= 500
          ? 'server_error'
          : 'invalid_request_error';
  return { error: { message, type, code: null, param: null } };
}
