import { z } from 'zod';

/**
 * A script for the offline endpoint: request N (0-based, both wires counted) gets `turns[N]`.
 * A turn is either a reply (text and/or tool calls) or an injected HTTP error.
 */

const usageSchema = z
  .object({
    prompt: z.number().int().nonnegative(),
    completion: z.number().int().nonnegative(),
    reasoning: z.number().int().nonnegative().optional(),
    cached: z.number().int().nonnegative().optional(),
  })
  .strict();

const toolCallSchema = z
  .object({
    id: z.string().min(1).optional(),
    name: z.string().min(1),
    arguments: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();

const replyTurnSchema = z
  .object({
    content: z.string().default(''),
    tool_calls: z.array(toolCallSchema).default([]),
    finish_reason: z.string().min(1).optional(),
    /** Neutral usage; default: counted by the tokenizer from the request and the reply. */
    usage: usageSchema.optional(),
    /** The wire's usage object verbatim (e.g. Anthropic cache fields), overriding `usage`. */
    raw_usage: z.record(z.string(), z.unknown()).optional(),
    cost_usd: z.number().nonnegative().optional(),
    delay_ms: z.number().int().nonnegative().optional(),
  })
  .strict();

const errorTurnSchema = z
  .object({
    error: z
      .object({
        status: z.number().int().min(400).max(599),
        message: z.string().min(1),
      })
      .strict(),
    delay_ms: z.number().int().nonnegative().optional(),
  })
  .strict();

export const scriptSchema = z
  .object({
    turns: z.array(z.unknown()).min(1),
  })
  .strict();

/**
 * The schema for one turn, chosen by its keys: with `error`, an error turn (so a turn mixing
 * `error` and `content` is refused naming `content`); otherwise a reply.
 */
export function turnSchemaFor(value: unknown): typeof errorTurnSchema | typeof replyTurnSchema {
  return typeof value === 'object' && value !== null && 'error' in value ? errorTurnSchema : replyTurnSchema;
}

export type ScriptTurn = z.infer<typeof errorTurnSchema> | z.infer<typeof replyTurnSchema>;
export type Script = { turns: ScriptTurn[] };
