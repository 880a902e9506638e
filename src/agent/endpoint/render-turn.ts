import { createHash } from 'node:crypto';
import type { Usage } from '../../trajectory/index.js';
import { completionTokens, headTokens, promptTokens } from './count-tokens.js';
import type { PolicyReply, PolicyRequest } from './policy.js';
import { anthropicResponse, anthropicWireUsage } from './wire-anthropic.js';
import { openAIResponse, openAIWireUsage } from './wire-openai.js';

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/**
 * A reply as an endpoint bounds it at the request's `max_tokens`: one longer is cut there, its tool
 * calls dropped and `finish_reason: length`, and never billed past the limit.
 *
 * @example
 * limitReply({ type: 'reply', content: 'hello world again', tool_calls: [] }, 2).content; // 'hello world'
 */
export function limitReply(reply: PolicyReply, maxTokens: number | undefined): PolicyReply {
  if (maxTokens === undefined) return reply;
  const completion = reply.usage?.completion ?? completionTokens(reply.content, reply.tool_calls);
  if (completion <= maxTokens) return reply;
  const cut: PolicyReply = {
    ...reply,
    content: headTokens(reply.content, maxTokens),
    tool_calls: [],
    finish_reason: 'length',
  };
  if (reply.usage !== undefined) {
    const { reasoning, ...usage } = reply.usage;
    cut.usage = {
      ...usage,
      completion: maxTokens,
      ...(reasoning === undefined ? {} : { reasoning: Math.min(reasoning, maxTokens) }),
    };
  }
  return cut;
}

/**
 * A reply as the response body of the request's wire. Ids are deterministic: a hash of the request
 * body (and, for a stateful policy, the request index); usage is the tokenizer's count unless the
 * reply carries its own.
 *
 * @example
 * renderReply(request, reply, rawBody, false);
 */
export function renderReply(
  request: PolicyRequest,
  turn: PolicyReply,
  rawBody: string,
  stateful: boolean,
): Record<string, unknown> {
  const reply = limitReply(turn, request.maxTokens);
  const seed = digest(`${request.wire}\n${stateful ? request.index : ''}\n${rawBody}`);
  const anthropic = request.wire === 'anthropic';
  const id = anthropic ? `msg_${seed}` : `chatcmpl-${seed}`;
  const callIds = reply.tool_calls.map(
    (call, i) => call.id ?? `${anthropic ? 'toolu_' : 'call_'}${digest(`${seed}\n${i}`)}`,
  );
  const usage: Usage = reply.usage ?? {
    prompt: promptTokens(request.messages, request.tools),
    // A reply cut at the limit generated the limit.
    completion: reply === turn ? completionTokens(reply.content, reply.tool_calls) : request.maxTokens!,
  };
  const wireUsage =
    reply.raw_usage ??
    (anthropic ? anthropicWireUsage(usage, reply.cost_usd) : openAIWireUsage(usage, reply.cost_usd));
  return anthropic
    ? anthropicResponse(id, request.model, reply, callIds, wireUsage)
    : openAIResponse(id, request.model, reply, callIds, wireUsage);
}
