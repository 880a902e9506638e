import { z } from 'zod';
import { countAttribute, stringAttribute, stringOr } from './attributes.js';
import { type AskedCall, type SpanRole, type ToolAnswer, usageOf } from './span-role.js';

// The operations of the OpenTelemetry GenAI semantic conventions, by what they are to a trajectory.
const MODEL_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content']);
const AGENT_OPERATIONS = new Set(['invoke_agent', 'create_agent']);

/** `gen_ai.input.messages` / `gen_ai.output.messages`: the convention's message list, as far as the importer reads it. */
const messagesSchema = z.array(
  z.looseObject({
    role: z.string().optional(),
    parts: z
      .array(
        z.looseObject({
          type: z.string().optional(),
          content: z.unknown().optional(),
          id: z.unknown().optional(),
          name: z.unknown().optional(),
          arguments: z.unknown().optional(),
          response: z.unknown().optional(),
          result: z.unknown().optional(),
        }),
      )
      .optional(),
    finish_reason: z.string().optional(),
  }),
);
type Message = z.infer<typeof messagesSchema>[number];

// The convention's list, or `undefined` when the attribute is absent or is not that list.
function messagesOf(raw: string | undefined): Message[] | undefined {
  if (raw === undefined) return undefined;
  try {
    const parsed = messagesSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
// The text of the output messages (their `text` parts) and the calls they ask for (`tool_call`
// parts); a value that is not the convention's list is kept as it is.
function outputOf(raw: string | undefined): {
  content: string;
  finish_reason: string | undefined;
  asked: AskedCall[];
} {
  const messages = messagesOf(raw);
  if (messages === undefined) return { content: raw ?? '', finish_reason: undefined, asked: [] };
  const parts = messages.flatMap((message) => message.parts ?? []);
  const texts = parts.filter((part) => part.type === 'text' && typeof part.content === 'string');
  return {
    content: texts.map((part) => part.content as string).join('\n'),
    finish_reason: messages.at(-1)?.finish_reason,
    asked: parts.flatMap((part) =>
      part.type === 'tool_call'
        ? [{ id: stringOr(part.id), tool: stringOr(part.name), args: part.arguments }]
        : [],
    ),
  };
}

// The results the input messages carry: `tool_call_response` parts, by the id of the call they answer.
function answersOf(raw: string | undefined): ToolAnswer[] {
  return (messagesOf(raw) ?? []).flatMap((message) =>
    (message.parts ?? []).flatMap((part) =>
      part.type === 'tool_call_response' && typeof part.id === 'string'
        ? [{ id: part.id, content: text(part.response ?? part.result ?? '') }]
        : [],
    ),
  );
}

function finishReasonOf(map: Record<string, unknown>, fromMessages: string | undefined): string | null {
  const reasons = map['gen_ai.response.finish_reasons'];
  if (Array.isArray(reasons) && typeof reasons[0] === 'string') return reasons[0];
  // The convention's is a list; some SDKs record the one reason as a plain string.
  if (typeof reasons === 'string' && reasons !== '') return reasons;
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
  const recorded = stringAttribute(map, 'gen_ai.output.messages');
  const output = outputOf(recorded);
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
    asked: output.asked,
    answered: answersOf(stringAttribute(map, 'gen_ai.input.messages')),
    captured: recorded !== undefined,
  };
}
