import type { ChatCompletion, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Usage } from '../../../trajectory/index.js';
import type { LlmBlock } from '../block-schema.js';
import {
  type CompletionRequest,
  type CompletionResult,
  outputLimit,
  type ToolCall,
} from './chat-provider.js';
import { parseToolArguments } from './tool-arguments.js';

/** Neutral messages as OpenAI chat-completions messages. */
export function toOpenAIMessages(messages: CompletionRequest['messages']): ChatCompletionMessageParam[] {
  return messages.map((message): ChatCompletionMessageParam => {
    if (message.role === 'system' || message.role === 'user')
      return { role: message.role, content: message.content };
    if (message.role === 'tool')
      return { role: 'tool', tool_call_id: message.tool_call_id, content: message.content };
    const calls = message.tool_calls ?? [];
    if (calls.length === 0) return { role: 'assistant', content: message.content };
    return {
      role: 'assistant',
      content: message.content === '' ? null : message.content,
      tool_calls: calls.map((call) => ({
        id: call.id,
        type: 'function' as const,
        function: { name: call.name, arguments: call.arguments_raw },
      })),
    };
  });
}

/**
 * The request body: the block's params and OpenRouter extensions (`reasoning`, `provider`) sent as
 * they are named in ARCHITECTURE.md. Absent settings are not sent, so the endpoint's defaults hold.
 */
export function openAIRequestBody(block: LlmBlock, request: CompletionRequest): Record<string, unknown> {
  const params = block.params ?? {};
  const body: Record<string, unknown> = {
    model: request.model,
    messages: toOpenAIMessages(request.messages),
  };
  if (request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.input_schema },
    }));
    if (request.toolChoice !== undefined) body.tool_choice = request.toolChoice;
    if (block.parallel_tool_calls !== undefined) body.parallel_tool_calls = block.parallel_tool_calls;
  }
  if (params.temperature !== undefined) body.temperature = params.temperature;
  if (params.top_p !== undefined) body.top_p = params.top_p;
  const maxTokens = outputLimit(params.max_tokens, request.maxTokens);
  if (maxTokens !== undefined) body.max_tokens = maxTokens;
  // A seeded block's repeat k sends seed + k - 1 (its repeats are draws, not copies); a block with
  // no seed sends none, and the model's own sampling makes repeats differ.
  if (params.seed !== undefined) body.seed = params.seed + (request.repeat ?? 1) - 1;
  const thinking = params.thinking;
  if (thinking?.effort !== undefined) body.reasoning_effort = thinking.effort;
  else if (thinking?.budget_tokens !== undefined && thinking.enabled) {
    body.reasoning = { max_tokens: thinking.budget_tokens };
  } else if (thinking !== undefined) body.reasoning = { enabled: thinking.enabled };
  if (block.provider_routing !== undefined) {
    body.provider = {
      order: block.provider_routing.order,
      allow_fallbacks: block.provider_routing.allow_fallbacks,
    };
  }
  return body;
}

type OpenAIUsage = NonNullable<ChatCompletion['usage']> & { cost?: unknown };

/** Usage with the reasoning and cached slices read from the details when reported. */
export function openAIUsage(usage: OpenAIUsage | undefined | null): {
  usage: Usage | undefined;
  cost?: number;
} {
  if (usage === undefined || usage === null) return { usage: undefined };
  const out: Usage = { prompt: usage.prompt_tokens, completion: usage.completion_tokens };
  const reasoning = usage.completion_tokens_details?.reasoning_tokens;
  const cached = usage.prompt_tokens_details?.cached_tokens;
  if (typeof reasoning === 'number') out.reasoning = reasoning;
  if (typeof cached === 'number') out.cached = cached;
  return typeof usage.cost === 'number' ? { usage: out, cost: usage.cost } : { usage: out };
}

/** The first choice of a chat completion as a neutral result. */
export function fromOpenAICompletion(completion: ChatCompletion): CompletionResult {
  const choice = completion.choices[0];
  const calls: ToolCall[] = [];
  for (const call of choice?.message.tool_calls ?? []) {
    if (call.type !== 'function') continue;
    calls.push({
      id: call.id,
      name: call.function.name,
      arguments: parseToolArguments(call.function.arguments),
      arguments_raw: call.function.arguments,
    });
  }
  const { usage, cost } = openAIUsage(completion.usage as OpenAIUsage | undefined);
  const result: CompletionResult = {
    message: { id: completion.id, content: choice?.message.content ?? '', tool_calls: calls },
    finish_reason: choice?.finish_reason ?? null,
    usage,
  };
  if (cost !== undefined) result.cost_usd = cost;
  return result;
}
