import type { Outcome } from '../../trajectory/index.js';

/** LangGraph's canned reply when a prebuilt agent runs out of steps: never an answer. */
export const NEED_MORE_STEPS_REPLY = 'Sorry, need more steps to process this request.';

/** The last model reply, as far as the outcome needs it. */
export interface LastReply {
  content: string;
  finish_reason: string | null;
  tool_calls: number;
}

/** Everything the outcome of a rollout is decided from. */
export interface OutcomeInput {
  /** The per-task timeout ended the run. */
  timedOut: boolean;
  /** LangGraph's recursion limit, or the token cap (a request that could not fit), stopped the graph. */
  recursionLimitHit: boolean;
  /** The model still called tools at the turn budget, so it was given one final turn without tools. */
  finalTurn: boolean;
  /** The last reply, or `null` when none arrived. */
  last: LastReply | null;
  /** Thinking (reasoning) was on in the LLM block. */
  thinking: boolean;
}

export interface ClassifiedOutcome {
  outcome: Outcome;
  /** The answer text; `null` unless the outcome is `answered` or `exhausted_finalized`. */
  answer: string | null;
}

/**
 * How a rollout ended, decided in this order: `timeout`; `budget_exhausted` (the recursion limit or token cap,
 * LangGraph's canned "need more steps" reply, or a final tool-less turn that gave no text);
 * `exhausted_finalized` (that final turn answered); `starved_reply` (an empty reply cut at the
 * token limit while thinking was on); `unanswered_empty` (any other empty reply); else `answered`.
 * Whitespace-only text is empty.
 *
 * @example
 * classifyOutcome({ timedOut: false, recursionLimitHit: false, finalTurn: false, thinking: false,
 *   last: { content: 'It is in cart.py', finish_reason: 'stop', tool_calls: 0 } });
 * // { outcome: 'answered', answer: 'It is in cart.py' }
 */
export function classifyOutcome(input: OutcomeInput): ClassifiedOutcome {
  const text = input.last?.content.trim() ?? '';
  if (input.timedOut) return { outcome: 'timeout', answer: null };
  if (input.recursionLimitHit || text === NEED_MORE_STEPS_REPLY) {
    return { outcome: 'budget_exhausted', answer: null };
  }
  if (input.finalTurn) {
    return text.length > 0
      ? { outcome: 'exhausted_finalized', answer: input.last!.content }
      : { outcome: 'budget_exhausted', answer: null };
  }
  if (text.length === 0) {
    const starved = input.thinking && input.last?.finish_reason === 'length';
    return { outcome: starved ? 'starved_reply' : 'unanswered_empty', answer: null };
  }
  return { outcome: 'answered', answer: input.last!.content };
}
