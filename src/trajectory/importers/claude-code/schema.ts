import { z } from 'zod';

/**
 * Claude Code's `--output-format stream-json` lines, as far as the importer reads them. These are
 * loose on purpose: the CLI adds fields between versions, and an importer that refused them would
 * break on every release. The fields read are typed; everything else passes through unread.
 */

export const claudeUsageSchema = z.looseObject({
  input_tokens: z.number().int().nonnegative().optional(),
  output_tokens: z.number().int().nonnegative().optional(),
  cache_creation_input_tokens: z.number().int().nonnegative().nullable().optional(),
  cache_read_input_tokens: z.number().int().nonnegative().nullable().optional(),
});

/**
 * One model's entry of the result line's `modelUsage` (camelCase, unlike `usage`): what the CLI
 * billed that model, the session's sub-agents and helper calls included.
 */
export const claudeModelUsageSchema = z.looseObject({
  inputTokens: z.number().int().nonnegative().optional(),
  outputTokens: z.number().int().nonnegative().optional(),
  cacheReadInputTokens: z.number().int().nonnegative().optional(),
  cacheCreationInputTokens: z.number().int().nonnegative().optional(),
  costUSD: z.number().nonnegative().optional(),
});

export const textBlockSchema = z.looseObject({ type: z.literal('text'), text: z.string() });

export const toolUseBlockSchema = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string().min(1),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()).optional(),
});

export const toolResultBlockSchema = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string().min(1),
  content: z
    .union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))])
    .nullable()
    .optional(),
  is_error: z.boolean().nullable().optional(),
});

const blockSchema = z.looseObject({ type: z.string() });
const sidechain = { parent_tool_use_id: z.string().nullable().optional() };

export const systemLineSchema = z.looseObject({
  type: z.literal('system'),
  subtype: z.string().optional(),
  session_id: z.string().optional(),
  cwd: z.string().optional(),
});

export const assistantLineSchema = z.looseObject({
  type: z.literal('assistant'),
  session_id: z.string().optional(),
  ...sidechain,
  message: z.looseObject({
    id: z.string().min(1),
    content: z.array(blockSchema),
    stop_reason: z.string().nullable().optional(),
    usage: claudeUsageSchema.nullable().optional(),
  }),
});

export const userLineSchema = z.looseObject({
  type: z.literal('user'),
  session_id: z.string().optional(),
  ...sidechain,
  message: z.looseObject({ content: z.union([z.string(), z.array(blockSchema)]) }),
});

export const resultLineSchema = z.looseObject({
  type: z.literal('result'),
  subtype: z.string().optional(),
  session_id: z.string().optional(),
  is_error: z.boolean().optional(),
  result: z.string().nullable().optional(),
  num_turns: z.number().int().nonnegative().optional(),
  duration_ms: z.number().nonnegative().optional(),
  total_cost_usd: z.number().nonnegative().optional(),
  /** The whole session's tokens (the assistant lines' snapshots can be stale). */
  usage: claudeUsageSchema.nullable().optional(),
  /** Per model (`claude-opus-4-5-20251101`, `claude-haiku-4-5-20251001`): the session's billed tokens and cost. */
  modelUsage: z.record(z.string(), claudeModelUsageSchema).nullable().optional(),
  errors: z.array(z.string()).optional(),
});

export const claudeLineSchema = z.discriminatedUnion('type', [
  systemLineSchema,
  assistantLineSchema,
  userLineSchema,
  resultLineSchema,
]);

export type ClaudeUsage = z.infer<typeof claudeUsageSchema>;
export type ClaudeModelUsage = z.infer<typeof claudeModelUsageSchema>;
export type ClaudeLine = z.infer<typeof claudeLineSchema>;
export type AssistantLine = z.infer<typeof assistantLineSchema>;
export type UserLine = z.infer<typeof userLineSchema>;
export type ResultLine = z.infer<typeof resultLineSchema>;
export type ToolUseBlock = z.infer<typeof toolUseBlockSchema>;
export type ToolResultBlock = z.infer<typeof toolResultBlockSchema>;
