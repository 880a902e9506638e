import type { MessageInput, ToolCallInput } from '../../recorder.js';
import { failsByRule } from '../error-rule.js';
import type { CallExtractor, CallYield, ImportedRun } from '../imported-run.js';
import { parseToolArguments } from '../tool-arguments.js';
import { agentUsage } from './agent-usage.js';
import { askedArguments, callsFromMessages, missingCalls } from './message-calls.js';
import type { AskedCall } from './span-role.js';
import type { SpanView } from './span-view.js';

export interface TraceRunOptions {
  /** Reads identifiers and rows from a call's result; default: none. */
  extract?: CallExtractor;
  turnBudget?: number | null;
  /**
   * A result whose text matches is a failed call. Default: a tool span's status decides; a call read
   * from the chat messages (no status) is failed by `DEFAULT_ERROR_RULE`. A pattern adds to a status.
   */
  errorPattern?: RegExp | null;
}

type Turn = SpanView & { role: Extract<SpanView['role'], { kind: 'model' | 'agent' }> };
type Tool = SpanView & { role: Extract<SpanView['role'], { kind: 'tool' }> };

const iso = (nanos: bigint | null) =>
  nanos === null ? null : new Date(Number(nanos / 1_000_000n)).toISOString();
const millis = (start: bigint | null, end: bigint | null) =>
  start === null || end === null || end < start ? null : Number(end - start) / 1e6;
const compareNanos = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
// Spans without a start time keep their place in the file, after the timed ones.
const byStart = (a: SpanView, b: SpanView) =>
  a.start === null || b.start === null
    ? Number(a.start === null) - Number(b.start === null)
    : compareNanos(a.start, b.start);

// The message a tool call belongs to: the turn whose output asked for its call id (the last such
// before it, as some frameworks reuse ids), else the last turn that started before it did, else
// none (it ran before any traced turn).
function turnOf(tool: Tool, turns: readonly Turn[], callId: string): Turn | undefined {
  const before =
    tool.start === null ? turns : turns.filter((turn) => turn.start !== null && turn.start <= tool.start!);
  const asking = (turn: Turn) => turn.role.asked.some((asked) => asked.id === callId);
  return before.filter(asking).at(-1) ?? turns.find(asking) ?? before.at(-1);
}

// An agent-track export numbers its turns and calls (`agent_track.turn`, `.call.seq`): that order wins
// over the clock, as a run records its calls as they finish.
function inExportedOrder<T extends SpanView>(spans: T[], field: 'turn' | 'seq'): T[] {
  if (spans.length === 0 || !spans.every((span) => span.exported?.[field] !== undefined)) return spans;
  return [...spans].sort((a, b) => a.exported![field]! - b.exported![field]!);
}

/** A message standing for the turn(s) no span traced, so every call still has one. */
const UNTRACED_TURN = 'untraced-turn';

/**
 * Converts the spans of one trace (or conversation) into an imported run. Model spans are the
 * turns, in start order (agent spans are, when the trace has no model span); tool spans are the
 * calls, in start order, each in the turn that asked for it (by call id) or else the last turn
 * started before it. Unknown spans and tool spans with no tool name are skipped with a warning
 * naming the span; the outermost agent span's usage is the run's total when its model spans sum otherwise.
 */
export function convertTrace(
  spans: readonly SpanView[],
  taskId: string,
  options: TraceRunOptions = {},
): ImportedRun {
  const sorted = [...spans].sort(byStart);
  const warnings: string[] = [];
  const models = inExportedOrder(
    sorted.filter((span): span is Turn => span.role.kind === 'model'),
    'turn',
  );
  const agents = sorted.filter((span): span is Turn => span.role.kind === 'agent');
  // An exported run's root says how it ended; its turns are its model spans only (it may have none).
  const root = agents.find((agent) => agent.exported?.outcome !== undefined);
  const turns = models.length > 0 || root !== undefined ? models : agents;
  const unordered: Tool[] = [];
  for (const span of sorted) {
    const { role } = span;
    if (role.kind === 'unknown')
      warnings.push(
        `${span.where}: span \`${span.span_id}\` (${span.name}) is not a tool, model or agent span (${role.what}) and was skipped`,
      );
    else if (role.kind === 'tool' && role.tool === undefined)
      warnings.push(
        `${span.where}: span \`${span.span_id}\` (${span.name}) is a tool span with no tool name and was skipped`,
      );
    else if (role.kind === 'tool') unordered.push(span as Tool);
  }
  const asked = models.reduce((sum, turn) => sum + turn.role.asked.length, 0);
  if (unordered.length > 0 && asked > unordered.length)
    warnings.push(
      `the model spans asked for ${asked} call(s), the trace has ${unordered.length} tool span(s): the calls no span records are missing from it`,
    );
  // Without tool spans, the calls are what the model spans' messages say was asked and answered.
  const tools =
    unordered.length > 0 ? inExportedOrder(unordered, 'seq') : callsFromMessages(models, warnings);
  const refused = missingCalls(models, tools.length);
  const messages = new Map<string, MessageInput & { tool_calls: { id: string; name: string }[] }>();
  const ids = new Set<string>();
  for (const turn of turns) {
    // An exported turn keeps its message id (`gen_ai.response.id`) when no other turn took it.
    const named = turn.exported === undefined ? undefined : turn.response_id;
    const id = named !== undefined && !ids.has(named) ? named : turn.span_id;
    ids.add(id);
    messages.set(turn.span_id, {
      id,
      ...(turn.exported?.turn === undefined ? {} : { turn: turn.exported.turn }),
      finish_reason: turn.role.finish_reason,
      content: turn.role.content,
      tool_calls: [],
      ...(turn.role.usage === undefined ? {} : { usage: turn.role.usage }),
      ...(turn.exported?.message_cost_usd === undefined ? {} : { cost_usd: turn.exported.message_cost_usd }),
    });
  }
  // The asked calls each tool span has taken its arguments from, so no two take the same one.
  const taken = new Set<AskedCall>();
  const calls: ToolCallInput[] = tools.map((span) => {
    const tool = span.role.tool!;
    const callId = span.role.call_id ?? span.span_id;
    const turn = turnOf(span, turns, callId);
    const turnKey = turn?.span_id ?? UNTRACED_TURN;
    if (!messages.has(turnKey)) {
      warnings.push(
        `${span.where}: span \`${span.span_id}\` (${tool}) ran before any model span: its turn is \`${UNTRACED_TURN}\``,
      );
      messages.set(turnKey, { id: UNTRACED_TURN, finish_reason: null, content: '', tool_calls: [] });
    }
    const message = messages.get(turnKey)!;
    message.tool_calls.push({ id: callId, name: tool });
    const recorded = parseToolArguments(span.role.args);
    // A tool span that records only part of its input (LangChain's single-argument tools): the
    // arguments are the ones its turn asked this tool for, when the turn's messages hold them.
    const asked =
      recorded.raw === undefined ? undefined : askedArguments(turn, tool, span.role.call_id, taken);
    const { args, raw } = asked ?? recorded;
    if (asked !== undefined)
      warnings.push(
        `${span.where}: span \`${span.span_id}\` (${tool}): its input is not a JSON object; the arguments are the ones its turn asked for`,
      );
    else if (raw !== undefined)
      warnings.push(
        `${span.where}: span \`${span.span_id}\` (${tool}): arguments are not a JSON object; kept raw`,
      );
    if (span.role.result === undefined)
      warnings.push(
        `${span.where}: span \`${span.span_id}\` (${tool}): no result attribute; recorded as an empty result`,
      );
    const result = span.role.result ?? '';
    // A tool span has a status; a call read from the chat messages has none, so the error rule decides.
    const byRule = failsByRule(result, options.errorPattern, unordered.length > 0) ? result : undefined;
    const error = span.error ?? span.role.error ?? byRule;
    const ok = error === undefined;
    return {
      tool,
      args,
      ...(raw === undefined ? {} : { args_raw: raw }),
      message_id: message.id,
      result,
      ok,
      ...(error === undefined ? {} : { error }),
      ...(recordedYield(span) ?? options.extract?.(tool, args, result, ok) ?? { identifiers: [] }),
      started_at: iso(span.start),
      duration_ms: millis(span.start, span.end),
    };
  });
  // The untraced turn, when there is one, came first: its calls ran before every traced turn.
  const ordered = [...messages.values()].sort(
    (a, b) => Number(b.id === UNTRACED_TURN) - Number(a.id === UNTRACED_TURN),
  );
  const recorded = ordered.map((message, index) => ({ ...message, turn: message.turn ?? index + 1 }));
  const last = recorded.at(-1);
  const lastText = last !== undefined && last.tool_calls.length === 0 ? (last.content ?? '').trim() : '';
  if (root !== undefined)
    return { ...exportedRun(root, taskId, options, recorded.length), messages: recorded, calls, warnings };
  const agentText = agents.find((agent) => agent.role.content.trim() !== '')?.role.content;
  const answer = lastText !== '' ? last!.content! : (agentText ?? null);
  // No answer, and the turn that would hold it recorded no output (content capture off): how the
  // run ended is unknown, not `unanswered_empty`.
  const unrecorded =
    answer === null &&
    last?.tool_calls.length === 0 &&
    turns.at(-1)?.role.captured === false &&
    !agents.some((agent) => agent.role.captured);
  if (unrecorded)
    warnings.push(
      'the last model span records no output (message content capture is off): the answer and how the run ended are unknown (outcome `unrecorded`)',
    );
  const total = agentUsage(agents, models, warnings);
  const starts = sorted.flatMap((span) => (span.start === null ? [] : [span.start])).sort(compareNanos);
  const ends = sorted.flatMap((span) => (span.end === null ? [] : [span.end])).sort(compareNanos);
  const first = starts[0] ?? null;
  const end = ends.at(-1) ?? null;
  const failed = agents[0]?.error;
  return {
    task_id: taskId,
    ...(refused === undefined ? {} : { refused }),
    messages: recorded,
    calls,
    result: {
      answer,
      outcome: unrecorded ? 'unrecorded' : answer === null ? 'unanswered_empty' : 'answered',
      turn_budget: options.turnBudget ?? null,
      turns: recorded.length,
      timed_out: false,
      started_at: iso(first),
      duration_ms: millis(first, end),
      ...(total === undefined ? {} : { usage: total }),
      ...(failed === undefined ? {} : { error: failed }),
    },
    warnings,
  };
}

// The identifiers and rows an exported call recorded, when it carries them (they win over an extractor).
function recordedYield(span: Tool): CallYield | undefined {
  const exported = span.exported;
  if (exported?.identifiers === undefined) return undefined;
  return {
    identifiers: exported.identifiers,
    ...(exported.rows === undefined ? {} : { rows: exported.rows }),
  };
}

// The run an agent-track export's root span describes: its task, its place under the run and how
// it ended, as recorded (its usage, from the root's `gen_ai.usage.*`, is the run's own total).
function exportedRun(
  root: Turn,
  taskId: string,
  options: TraceRunOptions,
  turns: number,
): Pick<ImportedRun, 'task_id' | 'dir_path' | 'roles' | 'result'> {
  const exported = root.exported!;
  const error = exported.error ?? root.error;
  return {
    task_id: exported.task_id ?? taskId,
    ...(exported.path === undefined ? {} : { dir_path: exported.path }),
    ...(exported.roles === undefined ? {} : { roles: exported.roles }),
    result: {
      answer: exported.has_answer === true ? root.role.content : null,
      outcome: exported.outcome!,
      turn_budget: exported.turn_budget ?? options.turnBudget ?? null,
      turns: exported.turns ?? turns,
      timed_out: exported.timed_out ?? false,
      started_at: iso(root.start),
      duration_ms: millis(root.start, root.end),
      ...(root.role.usage === undefined ? {} : { usage: root.role.usage }),
      ...(exported.cost_usd === undefined ? {} : { cost_usd: exported.cost_usd }),
      ...(error === undefined ? {} : { error }),
      ...(exported.patch === undefined ? {} : { patch: exported.patch }),
    },
  };
}
