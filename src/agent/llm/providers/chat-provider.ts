import type { Usage } from '../../../trajectory/index.js';

/**
 * The one interface the agent loop talks to, whatever the wire format. Messages and tools are
 * provider-neutral; each provider converts them to its SDK's shapes and back.
 */

/** A tool call the model proposed. `arguments` is `{}` when `arguments_raw` is not a JSON object. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  arguments_raw: string;
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | {
      role: 'assistant';
      content: string;
      tool_calls?: readonly ToolCall[];
      /** Provider-specific content (Anthropic's thinking blocks) sent back verbatim on the next turn. */
      provider_content?: unknown;
    }
  | { role: 'tool'; tool_call_id: string; name?: string; content: string };

/** A tool the model may call; `input_schema` is JSON Schema for its arguments. */
export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/** `none` offers the tools but forbids calling them (the final turn at the budget). */
export type ToolChoice = 'auto' | 'none' | 'required';

export interface CompletionRequest {
  model: string;
  messages: readonly ChatMessage[];
  tools: readonly ToolDefinition[];
  toolChoice?: ToolChoice;
  /**
   * Which repeat of a campaign's task this request belongs to (1-based, default 1). On the OpenAI
   * wire a block that names a seed sends `seed` = that seed + repeat - 1, so a seeded model's
   * repeats are draws, not copies; a block with no seed sends none; the Anthropic wire has no seed.
   */
  repeat?: number;
  /**
   * This request's output limit (the agent loop's share of what the rollout was booked for); sent as
   * the lower of it and the block's `params.max_tokens`.
   */
  maxTokens?: number;
}

/**
 * The output limit a request is sent with: the lower of the block's and the request's, `undefined`
 * when neither sets one.
 *
 * @example
 * outputLimit(4096, 500); // 500
 */
export function outputLimit(block: number | undefined, request: number | undefined): number | undefined {
  if (block === undefined) return request;
  return request === undefined ? block : Math.min(block, request);
}

/** Normalised to OpenAI's words: Anthropic `end_turn` -> `stop`, `tool_use` -> `tool_calls`, `max_tokens` -> `length`. */
export type FinishReason = 'stop' | 'tool_calls' | 'length' | (string & {});

export interface CompletionResult {
  message: {
    id: string;
    content: string;
    tool_calls: ToolCall[];
    provider_content?: unknown;
  };
  finish_reason: FinishReason | null;
  /**
   * The trajectory's `Usage`: `reasoning` is a slice of `completion` and `cached` of `prompt`
   * (never added to their parents), each absent when not reported. Undefined when the endpoint
   * reported no usage (never zeros).
   */
  usage: Usage | undefined;
  /** The cost the endpoint quoted (OpenRouter `usage.cost`), when it quoted one. */
  cost_usd?: number;
}

/**
 * One model endpoint. `complete` retries 429/5xx/timeouts up to the block's `max_retries` and
 * throws an `AgentTrackError` (`LLM_REQUEST_FAILED`) with the endpoint's message otherwise.
 *
 * @example
 * const provider = createProvider(block);
 * const { message, usage } = await provider.complete({ model: 'offline', messages, tools });
 */
export interface ChatProvider {
  readonly name: 'openai' | 'anthropic';
  complete(request: CompletionRequest): Promise<CompletionResult>;
}
