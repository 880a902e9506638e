import { createHash } from 'node:crypto';
import type { Usage } from '../../trajectory/index.js';
import { completionTokens, promptTokens } from './count-tokens.js';
import type { PolicyReply, PolicyRequest } from './policy.js';
import { anthropicResponse, anthropicWireUsage } from './wire-anthropic.js';
import { openAIResponse, openAIWireUsage } from './wire-openai.js';

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

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
  reply: PolicyReply,
  rawBody: string,
  stateful: boolean,
): Record<string, unknown> {
  const seed = digest(`${request.wire}\n${stateful ? request.index : ''}\n${rawBody}`);
  const anthropic = request.wire === 'anthropic';
  const id = anthropic ? `msg_${seed}` : `chatcmpl-${seed}`;
  const callIds = reply.tool_calls.map(
    (call, i) => call.id ?? `${anthropic ? 'toolu_' : 'call_'}${digest(`${seed}\n${i}`)}`,
  );
  const usage: Usage = reply.usage ?? {
    prompt: promptTokens(request.messages, request.tools),
    completion: completionTokens(reply.content, reply.tool_calls),
  };
  const wireUsage =
    reply.raw_usage ??
    (anthropic ? anthropicWireUsage(usage, reply.cost_usd) : openAIWireUsage(usage, reply.cost_usd));
  return anthropic
    ? anthropicResponse(id, request.model, reply, callIds, wireUsage)
    : openAIResponse(id, request.model, reply, callIds, wireUsage);
}
