import type { MessageInput, ResultInput, ToolCallInput } from '../../recorder.js';
import { failsByRule } from '../error-rule.js';
import type { CallExtractor, ImportedRun } from '../imported-run.js';
import { parseToolArguments } from '../tool-arguments.js';
import type { OpenAiMessage, OpenAiToolCall } from './schema.js';

export interface ConversationOptions {
  /**
   * A tool reply whose text matches is a failed call (the wire format has no error flag); default:
   * `DEFAULT_ERROR_RULE` (a reply opening with `Error:`, `ValueError:`, a traceback...); `null`: none.
   */
  errorPattern?: RegExp | null;
  /** Reads identifiers and rows from a call's result; default: none. */
  extract?: CallExtractor;
  turnBudget?: number | null;
}

function textOf(content: OpenAiMessage['content']): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => part.text ?? '').join('');
}

interface PendingCall {
  call: OpenAiToolCall;
  message_id: string;
  reply: string | null;
}

/**
 * Converts one OpenAI chat-completions conversation to an imported run: each assistant message is
 * one turn; its `tool_calls` are the calls, in order; a `role: tool` reply is matched by
 * `tool_call_id` to the earliest unanswered call with that id (logs do reuse ids). A reply with no
 * call is skipped; a call with no reply, or whose reply the error rule matches, is a failed call. `arguments` that are not a JSON object are
 * kept in `args_raw` with `args: {}`.
 */
export function convertConversation(
  messages: { message: OpenAiMessage; where: string }[],
  taskId: string,
  options: ConversationOptions = {},
): ImportedRun {
  const warnings: string[] = [];
  const recorded: MessageInput[] = [];
  const pending: PendingCall[] = [];
  messages.forEach(({ message, where }, index) => {
    if (message.role === 'assistant') {
      const id = message.id ?? `msg-${index}`;
      const calls = message.tool_calls ?? [];
      recorded.push({
        id,
        turn: recorded.length + 1,
        finish_reason: message.finish_reason ?? null,
        content: textOf(message.content),
        tool_calls: calls.map((call) => ({ id: call.id, name: call.function.name })),
      });
      for (const call of calls) pending.push({ call, message_id: id, reply: null });
    } else if (message.role === 'tool') {
      const match = pending.find((entry) => entry.reply === null && entry.call.id === message.tool_call_id);
      if (match === undefined) {
        warnings.push(
          `${where}: tool reply for \`${message.tool_call_id ?? '(no tool_call_id)'}\` has no open tool call and was skipped`,
        );
      } else {
        match.reply = textOf(message.content);
      }
    }
  });
  const calls: ToolCallInput[] = pending.map(({ call, message_id, reply }) => {
    const { args, raw } = parseToolArguments(call.function.arguments);
    if (raw !== undefined)
      warnings.push(`call \`${call.id}\` (${call.function.name}): arguments are not a JSON object; kept raw`);
    const text = reply ?? '';
    const failedByText = reply !== null && failsByRule(reply, options.errorPattern, false);
    const ok = reply !== null && !failedByText;
    const error = reply === null ? 'no tool reply in the transcript' : failedByText ? reply : undefined;
    const yielded = options.extract?.(call.function.name, args, text, ok) ?? { identifiers: [] };
    return {
      tool: call.function.name,
      args,
      ...(raw === undefined ? {} : { args_raw: raw }),
      message_id,
      result: text,
      ok,
      ...(error === undefined ? {} : { error }),
      ...yielded,
      started_at: null,
      duration_ms: null,
    };
  });
  const unanswered = pending.filter((entry) => entry.reply === null).length;
  if (unanswered > 0) warnings.push(`${unanswered} tool call(s) had no tool reply: recorded as failed calls`);
  const last = recorded.at(-1);
  const answer =
    last !== undefined && (last.tool_calls ?? []).length === 0 && (last.content ?? '').trim() !== ''
      ? last.content!
      : null;
  const result: ResultInput = {
    answer,
    outcome: answer === null ? 'unanswered_empty' : 'answered',
    turn_budget: options.turnBudget ?? null,
    turns: recorded.length,
    timed_out: false,
    started_at: null,
    duration_ms: null,
  };
  return { task_id: taskId, messages: recorded, calls, result, warnings };
}
