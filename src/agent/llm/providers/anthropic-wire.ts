import type {
  ContentBlockParam,
  Message,
  MessageCreateParamsNonStreaming,
  MessageParam,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type { Usage } from '../../../trajectory/index.js';
import type { LlmBlock } from '../block-schema.js';
import {
  type CompletionRequest,
  type CompletionResult,
  type FinishReason,
  outputLimit,
  type ToolCall,
} from './chat-provider.js';

/**
 * Neutral messages as Anthropic messages: system text lifted out, tool results as `tool_result`
 * blocks of a user turn (consecutive user-side content merged into one turn), assistant tool calls
 * as `tool_use` blocks, and an assistant's `provider_content` (thinking blocks) sent back verbatim.
 */
export function toAnthropicMessages(messages: CompletionRequest['messages']): {
  system: string | undefined;
  messages: MessageParam[];
} {
  const system: string[] = [];
  const out: MessageParam[] = [];
  const push = (role: 'user' | 'assistant', blocks: ContentBlockParam[]) => {
    if (blocks.length === 0) return;
    const last = out.at(-1);
    if (last?.role === role && Array.isArray(last.content)) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        system.push(message.content);
        break;
      case 'user':
        push('user', [{ type: 'text', text: message.content }]);
        break;
      case 'tool':
        push('user', [{ type: 'tool_result', tool_use_id: message.tool_call_id, content: message.content }]);
        break;
      case 'assistant': {
        if (Array.isArray(message.provider_content)) {
          push('assistant', message.provider_content as ContentBlockParam[]);
          break;
        }
        const blocks: ContentBlockParam[] = [];
        if (message.content !== '') blocks.push({ type: 'text', text: message.content });
        for (const call of message.tool_calls ?? []) {
          blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments });
        }
        push('assistant', blocks);
        break;
      }
    }
  }
  return { system: system.length > 0 ? system.join('\n\n') : undefined, messages: out };
}

/** The request body from the block's params (`max_tokens` is required by the schema for this provider). */
export function anthropicRequestBody(
  block: LlmBlock,
  request: CompletionRequest,
): MessageCreateParamsNonStreaming {
  const params = block.params ?? {};
  const { system, messages } = toAnthropicMessages(request.messages);
  const body: MessageCreateParamsNonStreaming = {
    model: request.model,
    max_tokens: outputLimit(params.max_tokens, request.maxTokens) ?? 0,
    messages,
  };
  if (system !== undefined) body.system = system;
  if (request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: { type: 'object', ...tool.input_schema },
    }));
    const noParallel = block.parallel_tool_calls === false ? { disable_parallel_tool_use: true } : {};
    if (request.toolChoice === 'none') body.tool_choice = { type: 'none' };
    else if (request.toolChoice === 'required') body.tool_choice = { type: 'any', ...noParallel };
    else if (request.toolChoice === 'auto' || block.parallel_tool_calls === false) {
      body.tool_choice = { type: 'auto', ...noParallel };
    }
  }
  // This SDK's types no longer list sampling parameters; a block that sets them still sends them,
  // and an endpoint that refuses them fails the request at once with its own message.
  const sampling = body as unknown as Record<string, unknown>;
  if (params.temperature !== undefined) sampling.temperature = params.temperature;
  if (params.top_p !== undefined) sampling.top_p = params.top_p;
  const thinking = params.thinking;
  if (thinking !== undefined) {
    body.thinking = thinking.enabled
      ? // Thinking counts in max_tokens: a request's lower limit lowers the budget under it.
        {
          type: 'enabled',
          budget_tokens: Math.min(thinking.budget_tokens ?? 0, Math.max(0, body.max_tokens - 1)),
        }
      : { type: 'disabled' };
  }
  return body;
}

const STOP_REASONS: Record<string, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  tool_use: 'tool_calls',
  max_tokens: 'length',
};

/**
 * Anthropic usage so that each token is billed once: prompt = input + cache read + cache creation,
 * `cached` = cache read; `reasoning` = `output_tokens_details.thinking_tokens` when reported.
 */
export function anthropicUsage(usage: Message['usage'] | undefined | null): Usage | undefined {
  if (usage === undefined || usage === null) return undefined;
  const read = usage.cache_read_input_tokens;
  const created = usage.cache_creation_input_tokens;
  const out: Usage = {
    prompt: usage.input_tokens + (read ?? 0) + (created ?? 0),
    completion: usage.output_tokens,
  };
  const thinking = usage.output_tokens_details?.thinking_tokens;
  if (typeof thinking === 'number') out.reasoning = thinking;
  if (typeof read === 'number') out.cached = read;
  return out;
}

/** A message as a neutral result; thinking blocks are kept as `provider_content` to send back. */
export function fromAnthropicMessage(message: Message): CompletionResult {
  const text: string[] = [];
  const calls: ToolCall[] = [];
  let thinking = false;
  for (const block of message.content) {
    if (block.type === 'text') text.push(block.text);
    else if (block.type === 'tool_use') {
      const input = (block.input ?? {}) as Record<string, unknown>;
      calls.push({ id: block.id, name: block.name, arguments: input, arguments_raw: JSON.stringify(input) });
    } else if (block.type === 'thinking' || block.type === 'redacted_thinking') thinking = true;
  }
  const result: CompletionResult = {
    message: { id: message.id, content: text.join(''), tool_calls: calls },
    finish_reason:
      message.stop_reason === null ? null : (STOP_REASONS[message.stop_reason] ?? message.stop_reason),
    usage: anthropicUsage(message.usage),
  };
  if (thinking) result.message.provider_content = message.content;
  const cost = (message.usage as { cost?: unknown } | undefined)?.cost;
  if (typeof cost === 'number') result.cost_usd = cost;
  return result;
}
