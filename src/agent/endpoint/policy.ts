import type { Usage } from '../../trajectory/index.js';
import type { ChatMessage, ToolChoice, ToolDefinition } from '../llm/providers/chat-provider.js';

/** A completion request as a policy sees it, whichever wire format it arrived in. */
export interface PolicyRequest {
  wire: 'openai' | 'anthropic';
  model: string;
  /** Tool messages carry the `name` of the call they answer, when the conversation shows it. */
  messages: ChatMessage[];
  tools: ToolDefinition[];
  toolChoice?: ToolChoice;
  /** 0-based number of this completion request since the endpoint started (both wires counted). */
  index: number;
  /** The request's sampling temperature, when it sent one. */
  temperature?: number;
  /** The request's `seed` (OpenAI wire), when it sent one. */
  seed?: number;
  /** The request's output limit (`max_tokens`, or OpenAI's `max_completion_tokens`), when it sent one. */
  maxTokens?: number;
}

/** One tool call in a policy's reply; the endpoint makes a deterministic id when none is given. */
export interface PolicyToolCall {
  id?: string;
  name: string;
  arguments: Record<string, unknown>;
}

export interface PolicyReply {
  type: 'reply';
  content: string;
  tool_calls: PolicyToolCall[];
  /** Neutral words (`stop`, `tool_calls`, `length`); default from whether there are tool calls. */
  finish_reason?: string;
  /** Overrides the tokenizer's counts. */
  usage?: Usage;
  /** Sent verbatim as the wire's `usage` object (for testing a provider's mapping). */
  raw_usage?: Record<string, unknown>;
  cost_usd?: number;
  delay_ms?: number;
}

export interface PolicyError {
  type: 'error';
  status: number;
  message: string;
  delay_ms?: number;
}

export type PolicyTurn = PolicyReply | PolicyError;

/**
 * What drives the offline endpoint. A `stateful` policy depends on the request's index (a script),
 * so the index enters its message ids; a stateless one answers from the request alone.
 *
 * @example
 * const echo: Policy = { name: 'echo', stateful: false, respond: (r) => ({ type: 'reply', content: r.model, tool_calls: [] }) };
 */
export interface Policy {
  readonly name: string;
  readonly stateful: boolean;
  respond(request: PolicyRequest): PolicyTurn | Promise<PolicyTurn>;
}
