import { z } from 'zod';

/**
 * OpenAI chat-completions messages as logged by agents, as far as the importer reads them. Loose
 * on purpose: logs carry extra fields (`name`, `refusal`, `audio`, a record's `reward`), and the
 * importer must not refuse a real log for them.
 */

const contentSchema = z
  .union([z.string(), z.array(z.looseObject({ type: z.string().optional(), text: z.string().optional() }))])
  .nullable()
  .optional();

export const openAiToolCallSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string().optional(),
  function: z.looseObject({
    name: z.string().min(1),
    /** A JSON string in the wire format; some logs store the parsed object, or something else entirely. */
    arguments: z.unknown().optional(),
  }),
});

export const openAiMessageSchema = z.looseObject({
  role: z.string().min(1),
  id: z.string().optional(),
  content: contentSchema,
  tool_calls: z.array(openAiToolCallSchema).nullable().optional(),
  tool_call_id: z.string().optional(),
  finish_reason: z.string().nullable().optional(),
});

/** A conversation record: tau-bench's `{task_id, traj}` or a `{messages}` wrapper. */
export const openAiRecordSchema = z.looseObject({
  task_id: z.union([z.string(), z.number()]).optional(),
  traj: z.array(z.unknown()).optional(),
  messages: z.array(z.unknown()).optional(),
  /** tau-bench's 0-based trial number: trial t of task `8` is rollout `rolloutId('8', t + 1)`. */
  trial: z.number().int().nonnegative().optional(),
});

export type OpenAiMessage = z.infer<typeof openAiMessageSchema>;
export type OpenAiToolCall = z.infer<typeof openAiToolCallSchema>;
