import { countAttribute, indexedList, stringAttribute } from './attributes.js';
import { type SpanRole, usageOf } from './span-role.js';

// OpenInference span kinds (Arize Phoenix), by what they are to a trajectory.
const AGENT_KINDS = new Set(['AGENT', 'CHAIN']);

// `llm.output_messages.N.message.content`, joined; the ids of `...message.tool_calls.M.tool_call.id`.
function outputOf(map: Record<string, unknown>): { content: string; proposed: string[] } {
  const messages = indexedList(map, 'llm.output_messages');
  const content = messages.flatMap((message) => {
    const text = message['message.content'];
    return typeof text === 'string' ? [text] : [];
  });
  const proposed = messages.flatMap((message) =>
    indexedList(message, 'message.tool_calls').flatMap((call) => {
      const id = call['tool_call.id'];
      return typeof id === 'string' ? [id] : [];
    }),
  );
  return { content: content.join('\n'), proposed };
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
    return {
      kind: 'tool',
      tool: stringAttribute(map, 'tool.name'),
      call_id: stringAttribute(map, 'tool_call.id'),
      args: map['input.value'],
      result: stringAttribute(map, 'output.value'),
    };
  }
  if (kind === 'LLM') {
    const output = outputOf(map);
    return {
      kind: 'model',
      content: output.content,
      finish_reason: null,
      usage: usageOf(
        countAttribute(map, 'llm.token_count.prompt'),
        countAttribute(map, 'llm.token_count.completion'),
        {
          cached: countAttribute(map, 'llm.token_count.prompt_details.cache_read'),
          reasoning: countAttribute(map, 'llm.token_count.completion_details.reasoning'),
        },
      ),
      proposed: output.proposed,
    };
  }
  if (AGENT_KINDS.has(kind)) {
    return {
      kind: 'agent',
      content: stringAttribute(map, 'output.value') ?? '',
      finish_reason: null,
      usage: undefined,
      proposed: [],
    };
  }
  return { kind: 'unknown', what: `its \`openinference.span.kind\` is \`${kind}\`` };
}
