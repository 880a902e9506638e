import { issueMessage } from '../../../core/index.js';
import { usageDisagreements } from '../../metrics/usage.js';
import type { CallExtractor, ImportedRun } from '../imported-run.js';
import { claudeCodeYield } from './identifiers.js';
import {
  type AssistantLine,
  type ClaudeUsage,
  type ResultLine,
  type ToolUseBlock,
  textBlockSchema,
  toolResultBlockSchema,
  toolUseBlockSchema,
  type UserLine,
} from './schema.js';
import { CLAUDE_USAGE_LABELS, toModelUsage, toUsage } from './usage.js';

// Claude Code's own tools, read by `claudeCodeYield`; any other tool goes to the caller's `extract`.
const BUILT_INS = new Set(['Read', 'Grep', 'Glob', 'Bash', 'Edit', 'Write', 'Task', 'WebFetch', 'WebSearch']);

/** The lines of one session, each with where it was read. */
export interface SessionLines {
  session_id: string | null;
  cwd: string | undefined;
  lines: { line: AssistantLine | UserLine | ResultLine; where: string }[];
}

interface PendingMessage {
  id: string;
  texts: string[];
  tool_calls: { id: string; name: string }[];
  stop_reason: string | null;
  usage: ClaudeUsage | null;
}

interface PendingCall {
  use: ToolUseBlock;
  message_id: string;
  result: { text: string; ok: boolean } | null;
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block: { type: string; text?: string }) =>
      block.type === 'text' ? (block.text ?? '') : `[${block.type}]`,
    )
    .join('\n');
}

function readAssistant(line: AssistantLine, where: string, run: Building): void {
  const { message } = line;
  let pending = run.messages.get(message.id);
  if (pending === undefined) {
    pending = { id: message.id, texts: [], tool_calls: [], stop_reason: null, usage: null };
    run.messages.set(message.id, pending);
  }
  // Parallel tool use arrives as several lines sharing one message id: one message, usage once (the last line's).
  if (message.stop_reason !== undefined && message.stop_reason !== null)
    pending.stop_reason = message.stop_reason;
  if (message.usage !== undefined && message.usage !== null) pending.usage = message.usage;
  for (const block of message.content) {
    const text = block.type === 'text' ? textBlockSchema.safeParse(block) : undefined;
    if (text?.success === true) pending.texts.push(text.data.text);
    if (block.type !== 'tool_use') continue;
    const use = toolUseBlockSchema.safeParse(block);
    if (!use.success) {
      run.warnings.push(
        `${where}: a tool_use block was skipped: ${issueMessage(use.error.issues[0]!, block)}`,
      );
    } else if (run.calls.has(use.data.id)) {
      run.warnings.push(`${where}: tool_use \`${use.data.id}\` repeats an earlier one and was skipped`);
    } else {
      pending.tool_calls.push({ id: use.data.id, name: use.data.name });
      run.calls.set(use.data.id, { use: use.data, message_id: message.id, result: null });
    }
  }
}

function readUser(line: UserLine, where: string, run: Building): void {
  if (typeof line.message.content === 'string') return;
  for (const block of line.message.content) {
    if (block.type !== 'tool_result') continue;
    const parsed = toolResultBlockSchema.safeParse(block);
    if (!parsed.success) {
      run.warnings.push(
        `${where}: a tool_result block was skipped: ${issueMessage(parsed.error.issues[0]!, block)}`,
      );
      continue;
    }
    const call = run.calls.get(parsed.data.tool_use_id);
    if (call === undefined) {
      run.warnings.push(
        `${where}: tool_result for \`${parsed.data.tool_use_id}\` has no tool_use and was skipped`,
      );
    } else if (call.result !== null) {
      run.warnings.push(`${where}: a second tool_result for \`${parsed.data.tool_use_id}\` was skipped`);
    } else {
      call.result = { text: resultText(parsed.data.content), ok: parsed.data.is_error !== true };
    }
  }
}

interface Building {
  messages: Map<string, PendingMessage>;
  calls: Map<string, PendingCall>;
  warnings: string[];
}

/**
 * Converts one Claude Code session to an imported run: assistant lines grouped by message id (one
 * message, one turn, usage once), tool_use blocks matched to their tool_result by id, and the
 * `result` line as the run's end. Sub-agent (sidechain) lines are skipped; so is a tool_result with
 * no tool_use. A tool_use with no result is recorded as a failed call.
 */
export function convertSession(
  session: SessionLines,
  taskId: string,
  options: {
    turnBudget?: number | null;
    extract?: CallExtractor;
  },
): ImportedRun {
  const run: Building = { messages: new Map(), calls: new Map(), warnings: [] };
  let end: ResultLine | undefined;
  let sidechain = 0;
  for (const { line, where } of session.lines) {
    if (line.type !== 'result' && line.parent_tool_use_id !== undefined && line.parent_tool_use_id !== null) {
      sidechain += 1;
    } else if (line.type === 'assistant') readAssistant(line, where, run);
    else if (line.type === 'user') readUser(line, where, run);
    else end = line;
  }
  if (sidechain > 0) run.warnings.push(`${sidechain} sub-agent (sidechain) line(s) were skipped`);
  const messages = [...run.messages.values()].map((message, index) => {
    const usage = toUsage(message.usage);
    return {
      id: message.id,
      turn: index + 1,
      finish_reason: message.stop_reason,
      content: message.texts.join('\n'),
      tool_calls: message.tool_calls,
      ...(usage === undefined ? {} : { usage }),
    };
  });
  const calls = [...run.calls.values()].map(({ use, message_id, result }) => {
    const args = use.input ?? {};
    const text = result?.text ?? '';
    const ok = result?.ok ?? false;
    const error = result === null ? 'no tool_result in the transcript' : ok ? undefined : text;
    return {
      tool: use.name,
      args,
      message_id,
      result: text,
      ok,
      ...(error === undefined ? {} : { error }),
      ...(BUILT_INS.has(use.name) || options.extract === undefined
        ? claudeCodeYield(use.name, args, text, ok, session.cwd)
        : ok
          ? options.extract(use.name, args, text, ok)
          : { identifiers: [] }),
      started_at: null,
      duration_ms: null,
    };
  });
  const unanswered = calls.filter((call) => call.error === 'no tool_result in the transcript').length;
  if (unanswered > 0)
    run.warnings.push(`${unanswered} tool_use block(s) had no tool_result: recorded as failed calls`);
  if (end === undefined) {
    run.warnings.push(
      'no `result` line: the transcript ended before the run did; the trajectory is left incomplete',
    );
    return { task_id: taskId, messages, calls, result: null, warnings: run.warnings };
  }
  if (end.num_turns !== undefined && end.num_turns !== messages.length) {
    run.warnings.push(
      `the result line says num_turns ${end.num_turns}; ${messages.length} assistant message(s) were read`,
    );
  }
  // Three records of one session's usage: the metric counts the one that bills (`usageTotals`);
  // the others, when they disagree beyond 1%, are said here, naming both figures.
  const total = toUsage(end.usage ?? null);
  const byModel = toModelUsage(end.modelUsage);
  const usageRecord = {
    messages,
    result: {
      ...(total === undefined ? {} : { usage: total }),
      ...(byModel === undefined ? {} : { usage_by_model: byModel }),
      ...(end.total_cost_usd === undefined ? {} : { cost_usd: end.total_cost_usd }),
    },
  };
  run.warnings.push(...usageDisagreements(usageRecord, CLAUDE_USAGE_LABELS));
  const answer = typeof end.result === 'string' && end.result.trim() !== '' ? end.result : null;
  const failed = end.is_error === true || (end.subtype ?? '').startsWith('error');
  const error = failed ? (end.errors ?? []).join('; ') || (end.subtype ?? 'error') : undefined;
  return {
    task_id: taskId,
    messages,
    calls,
    result: {
      answer,
      outcome:
        end.subtype === 'error_max_turns'
          ? 'budget_exhausted'
          : answer === null
            ? 'unanswered_empty'
            : 'answered',
      turn_budget: options.turnBudget ?? null,
      turns: messages.length,
      timed_out: false,
      started_at: null,
      duration_ms: end.duration_ms ?? null,
      ...(error === undefined ? {} : { error }),
      ...usageRecord.result,
    },
    warnings: run.warnings,
  };
}
