import type { Usage } from '../../schema.js';

/** What a span is to a trajectory, as the GenAI or OpenInference attributes say. */
export type SpanRole =
  | {
      kind: 'tool';
      /** `undefined` when the span names no tool: it is then reported and skipped. */
      tool: string | undefined;
      call_id: string | undefined;
      /** The arguments as recorded: a JSON string, usually; an object when an SDK stored one. */
      args: unknown;
      /** `undefined` when the span carries no result (the conventions make it opt-in). */
      result: string | undefined;
      /** Why the call failed when its output says so and its status does not (a LangChain `ToolMessage` of status `error`). */
      error?: string;
    }
  | {
      /** `model`: one turn; `agent`: a span around turns (an agent, a chain). */
      kind: 'model' | 'agent';
      content: string;
      finish_reason: string | null;
      usage: Usage | undefined;
      /** The tool calls its output asked for: those calls belong to this turn. */
      asked: AskedCall[];
      /** The tool results its input messages carry (the answers to an earlier turn's calls). */
      answered: ToolAnswer[];
      /** Its output messages were recorded (message content capture on): `content` is what it said. */
      captured: boolean;
    }
  | {
      kind: 'unknown';
      /** Why it is unknown, naming the attribute in backticks (`its \`gen_ai.operation.name\` is \`embeddings\``). */
      what: string;
    };

/** A tool call a model span's output messages asked for: what a trace without tool spans still says. */
export interface AskedCall {
  /** The call id (`gen_ai` part `id`, OpenInference `tool_call.id`), when the span gives one. */
  id: string | undefined;
  /** `undefined` when the message names no tool: the call is then reported and skipped. */
  tool: string | undefined;
  /** As recorded: a JSON string, or the object itself. */
  args: unknown;
}

/** A tool result as a model span's input messages carry it: the call id it answers, its text. */
export interface ToolAnswer {
  id: string;
  content: string;
}

/** A usage from the two counts a span gives; `undefined` when it gives neither. */
export function usageOf(
  prompt: number | undefined,
  completion: number | undefined,
  slices: { cached?: number | undefined; reasoning?: number | undefined } = {},
): Usage | undefined {
  if (prompt === undefined && completion === undefined) return undefined;
  return {
    prompt: prompt ?? 0,
    completion: completion ?? 0,
    ...(slices.reasoning === undefined ? {} : { reasoning: slices.reasoning }),
    ...(slices.cached === undefined ? {} : { cached: slices.cached }),
  };
}
