import { parseToolArguments } from '../tool-arguments.js';
import type { AskedCall } from './span-role.js';
import type { SpanView } from './span-view.js';

type Turn = SpanView & { role: Extract<SpanView['role'], { kind: 'model' | 'agent' }> };
type Tool = SpanView & { role: Extract<SpanView['role'], { kind: 'tool' }> };

// Finish reasons that say the turn asked for tools (OpenAI, Traceloop's mapping, Anthropic, Gemini, legacy).
const ASKED_FOR_TOOLS = new Set(['tool_calls', 'tool_call', 'tool_use', 'function_call']);

/**
 * The calls of a trace that has no tool spans, read from its model spans' messages, as the
 * instrumentations of a model SDK record them (OpenInference's and Traceloop's of the OpenAI SDK:
 * the agent's own tool code is not traced). A call is what a turn's output asked for (its name, id
 * and arguments); its result is the first later turn's input message answering that id. Each
 * becomes a tool span of its own, in its turn, starting when the turn ended; its duration and
 * error flag are unknown (the messages carry neither: the error rule judges its result). A call whose answer no later turn carries
 * is an empty result, and a call with no tool name is skipped, each with a warning.
 */
export function callsFromMessages(models: readonly Turn[], warnings: string[]): Tool[] {
  const calls: Tool[] = [];
  models.forEach((turn, index) => {
    turn.role.asked.forEach((asked, position) => {
      const at = `${turn.where}: span \`${turn.span_id}\` (${turn.name})`;
      if (asked.tool === undefined) {
        warnings.push(`${at}: its call ${position + 1} names no tool and was skipped`);
        return;
      }
      const answer =
        asked.id === undefined
          ? undefined
          : models
              .slice(index + 1)
              .flatMap((later) => later.role.answered)
              .find((answered) => answered.id === asked.id);
      if (answer === undefined)
        warnings.push(
          `${at}: no later model span's input answers its call \`${asked.id ?? position + 1}\` (${asked.tool}); recorded as an empty result`,
        );
      calls.push({
        ...turn,
        span_id: `${turn.span_id}.${position + 1}`,
        name: `${asked.tool} (asked in ${turn.name})`,
        start: turn.end,
        end: null,
        error: undefined,
        exported: undefined,
        role: {
          kind: 'tool',
          tool: asked.tool,
          call_id: asked.id,
          args: asked.args,
          result: answer?.content ?? '',
        },
      });
    });
  });
  if (calls.length > 0)
    warnings.push(
      `the trace has no tool spans: its ${calls.length} call(s) are read from its model spans' messages (asked in one turn's output, answered in a later one's input), with no duration and no error flag`,
    );
  return calls;
}

/**
 * Why a trace cannot be scored, or `undefined` when it can: its model spans ended asking for tools
 * (`tool_calls`, ...) but it records none of the calls, neither as tool spans nor in their output
 * messages (message content capture off, or the messages sent as log events, as
 * `@opentelemetry/instrumentation-openai` does). Scored anyway it would read as a run with no calls.
 */
export function missingCalls(models: readonly Turn[], calls: number): string | undefined {
  if (calls > 0) return undefined;
  const asking = models.filter(
    (turn) => turn.role.asked.length > 0 || ASKED_FOR_TOOLS.has(turn.role.finish_reason ?? ''),
  );
  if (asking.length === 0) return undefined;
  const reasons = [...new Set(asking.map((turn) => turn.role.finish_reason ?? 'a tool call'))];
  const captured = models.some((turn) => turn.role.captured);
  return `${asking.length} model span(s) ended asking for tools (${reasons.map((r) => `\`${r}\``).join(', ')}), but the trace records none of the calls: no tool span${captured ? '' : ', and no model span records its output messages (message content capture is off, or the messages went to log events)'}. Scored, it would read as a run without calls`;
}

/**
 * The arguments of a tool span that records only part of its input (LangChain's single-argument
 * tools give the value alone): the first call of this tool (by id, when both name one) its turn
 * asked for and no span took yet, when those arguments are a JSON object.
 */
export function askedArguments(
  turn: Turn | undefined,
  tool: string,
  callId: string | undefined,
  taken: Set<AskedCall>,
): { args: Record<string, unknown>; raw?: string } | undefined {
  const asked = turn?.role.asked.find(
    (call) =>
      !taken.has(call) &&
      call.tool === tool &&
      (callId === undefined || call.id === undefined || call.id === callId) &&
      parseToolArguments(call.args).raw === undefined,
  );
  if (asked === undefined) return undefined;
  taken.add(asked);
  return { args: parseToolArguments(asked.args).args };
}
