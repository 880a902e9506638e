import { countAttribute, indexedList, stringAttribute, stringOr } from './attributes.js';
import { toolMessageOutput } from './langchain-message.js';
import { type AskedCall, type SpanRole, type ToolAnswer, usageOf } from './span-role.js';

// OpenInference span kinds (Arize Phoenix), by what they are to a trajectory.
const AGENT_KINDS = new Set(['AGENT', 'CHAIN']);

// A message's text: `message.content`, else its `message.contents.N.message_content.text` parts.
function textOf(message: Record<string, unknown>): string | undefined {
  const text = message['message.content'];
  if (typeof text === 'string') return text;
  const parts = indexedList(message, 'message.contents').flatMap((part) => {
    const value = part['message_content.text'];
    return typeof value === 'string' ? [value] : [];
  });
  return parts.length > 0 ? parts.join('\n') : undefined;
}

// `llm.output_messages.N.message.content`, joined; the calls of `...message.tool_calls.M.tool_call.*`.
function outputOf(map: Record<string, unknown>): { content: string; asked: AskedCall[] } {
  const messages = indexedList(map, 'llm.output_messages');
  const content = messages.flatMap((message) => textOf(message) ?? []);
  const asked = messages.flatMap((message) =>
    indexedList(message, 'message.tool_calls').map((call) => ({
      id: stringOr(call['tool_call.id']),
      tool: stringOr(call['tool_call.function.name']),
      args: call['tool_call.function.arguments'],
    })),
  );
  return { content: content.join('\n'), asked };
}

// The results `llm.input_messages` carry: a `tool` message's text, by its `message.tool_call_id`.
function answersOf(map: Record<string, unknown>): ToolAnswer[] {
  return indexedList(map, 'llm.input_messages').flatMap((message) => {
    const id = message['message.tool_call_id'];
    return message['message.role'] === 'tool' && typeof id === 'string'
      ? [{ id, content: textOf(message) ?? '' }]
      : [];
  });
}

/**
 * What a span is under OpenInference (`openinference.span.kind` present): `TOOL` a tool call
 * (`tool.name`, `input.value`, `output.value`), `LLM` a model turn (`llm.token_count.*`,
 * `llm.output_messages.*`), `AGENT` / `CHAIN` an agent span; any other kind (`RETRIEVER`,
 * `EMBEDDING`, `RERANKER`, `GUARDRAIL`, `EVALUATOR`) is unknown to a trajectory.
 */
export function openInferenceRole(map: Record<string, unknown>): SpanRole {
  const kind = (stringAttribute(map, 'openinference.span.kind') ?? '').toUpperCase();
  if (kind === 'TOOL') {
    const output = stringAttribute(map, 'output.value');
    // LangChain.js's tools return a serialized ToolMessage: its content is what the model was given.
    const message = toolMessageOutput(output);
    return {
      kind: 'tool',
      tool: stringAttribute(map, 'tool.name'),
      call_id: stringAttribute(map, 'tool_call.id') ?? message?.call_id,
      args: map['input.value'],
      result: message?.content ?? output,
      ...(message?.error === undefined ? {} : { error: message.error }),
    };
  }
  if (kind === 'LLM') {
    const output = outputOf(map);
    return {
      kind: 'model',
      content: output.content,
      finish_reason: stringAttribute(map, 'llm.finish_reason') ?? null,
      usage: usageOf(
        countAttribute(map, 'llm.token_count.prompt'),
        countAttribute(map, 'llm.token_count.completion'),
        {
          cached: countAttribute(map, 'llm.token_count.prompt_details.cache_read'),
          reasoning: countAttribute(map, 'llm.token_count.completion_details.reasoning'),
        },
      ),
      asked: output.asked,
      answered: answersOf(map),
      // Anything of the output recorded: content capture was on.
      captured: Object.keys(map).some(
        (key) => key.startsWith('llm.output_messages.') || key === 'output.value',
      ),
    };
  }
  if (AGENT_KINDS.has(kind)) {
    return {
      kind: 'agent',
      content: stringAttribute(map, 'output.value') ?? '',
      finish_reason: null,
      usage: undefined,
      asked: [],
      answered: [],
      captured: map['output.value'] !== undefined,
    };
  }
  return { kind: 'unknown', what: `its \`openinference.span.kind\` is \`${kind}\`` };
}
