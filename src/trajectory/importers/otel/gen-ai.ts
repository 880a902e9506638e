import { z } from 'zod';
import { countAttribute, stringAttribute } from './attributes.js';
import { type SpanRole, usageOf } from './span-role.js';

// The operations of the OpenTelemetry GenAI semantic conventions, by what they are to a trajectory.
const MODEL_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content']);
const AGENT_OPERATIONS = new Set(['invoke_agent', 'create_agent']);

/** `gen_ai.output.messages`: the convention's message list, as far as the importer reads it. */
const outputMessagesSchema = z.array(
  z.looseObject({
    role: z.string().optional(),
    parts: z
      .array(
        z.looseObject({
          type: z.string().optional(),
          content: z.unknown().optional(),
          id: z.unknown().optional(),
        }),
      )
      .optional(),
    finish_reason: z.string().optional(),
  }),
);

// The text of the output messages (their `text` parts); a value that is not the convention's list is kept as it is.
function outputOf(raw: string | undefined): {
  content: string;
  finish_reason: string | undefined;
  proposed: string[];
} {
  const kept = { content: raw ?? '', finish_reason: undefined, proposed: [] };
  if (raw === undefined) return kept;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return kept;
  }
  const parsed = outputMessagesSchema.safeParse(value);
  if (!parsed.success) return kept;
  const parts = parsed.data.flatMap((message) => message.parts ?? []);
  const texts = parts.filter((part) => part.type === 'text' && typeof part.content === 'string');
  return {
    content: texts.map((part) => part.content as string).join('\n'),
    finish_reason: parsed.data.at(-1)?.finish_reason,
    proposed: parts.flatMap((part) =>
      part.type === 'tool_call' && typeof part.id === 'string' ? [part.id] : [],
    ),
  };
}

function finishReasonOf(map: Record<string, unknown>, fromMessages: string | undefined): string | null {
  const reasons = map['gen_ai.response.finish_reasons'];
  if (Array.isArray(reasons) && typeof reasons[0] === 'string') return reasons[0];
  return fromMessages ?? null;
}

/**
 * What a span is under the OpenTelemetry GenAI semantic conventions, read from its attributes
 * (`gen_ai.operation.name` present): `execute_tool` a tool call, `chat` / `text_completion` /
 * `generate_content` a model turn, `invoke_agent` / `create_agent` an agent span; any other
 * operation (`embeddings`, ...) is unknown to a trajectory.
 */
export function genAiRole(map: Record<string, unknown>): SpanRole {
  const operation = stringAttribute(map, 'gen_ai.operation.name') ?? '';
  if (operation === 'execute_tool') {
    return {
      kind: 'tool',
      tool: stringAttribute(map, 'gen_ai.tool.name'),
      call_id: stringAttribute(map, 'gen_ai.tool.call.id'),
      args: map['gen_ai.tool.call.arguments'],
      result: stringAttribute(map, 'gen_ai.tool.call.result'),
    };
  }
  const model = MODEL_OPERATIONS.has(operation);
  if (!model && !AGENT_OPERATIONS.has(operation))
    return { kind: 'unknown', what: `its \`gen_ai.operation.name\` is \`${operation}\`` };
  const output = outputOf(stringAttribute(map, 'gen_ai.output.messages'));
  return {
    kind: model ? 'model' : 'agent',
    content: output.content,
    finish_reason: finishReasonOf(map, output.finish_reason),
    usage: usageOf(
      countAttribute(map, 'gen_ai.usage.input_tokens'),
      countAttribute(map, 'gen_ai.usage.output_tokens'),
      {
        cached: countAttribute(map, 'gen_ai.usage.cache_read.input_tokens'),
        reasoning: countAttribute(map, 'gen_ai.usage.reasoning.output_tokens'),
      },
    ),
    proposed: output.proposed,
  };
}
