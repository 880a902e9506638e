import { z } from 'zod';
import { MAX_TIMEOUT_SECONDS } from '../../core/index.js';

/**
 * The LLM block: how to reach a model and what to send it, everything but the model's name (that
 * comes from `--model`, so both arms of a campaign send byte-identical blocks). Unknown keys are
 * refused by name; the loader (`load-block.ts`) turns zod's issues into messages naming the file.
 */

/** The key is named by its environment variable, never written into the block. */
export const authSchema = z
  .object({ env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name') })
  .strict();

/** Extended thinking / reasoning. `effort` and `budget_tokens` map per provider (ARCHITECTURE.md). */
export const thinkingSchema = z
  .object({
    enabled: z.boolean(),
    budget_tokens: z.number().int().positive().optional(),
    effort: z.enum(['minimal', 'low', 'medium', 'high']).optional(),
  })
  .strict();

export const paramsSchema = z
  .object({
    thinking: thinkingSchema.optional(),
    temperature: z.number().min(0).max(2).optional(),
    top_p: z.number().gt(0).max(1).optional(),
    max_tokens: z.number().int().positive().max(10_000_000).optional(),
    seed: z.number().int().optional(),
  })
  .strict();

/** OpenRouter's `provider` field: which upstream providers to try, in order. */
export const providerRoutingSchema = z
  .object({
    order: z.array(z.string().min(1)).min(1),
    allow_fallbacks: z.boolean(),
  })
  .strict();

export const PROVIDERS = ['openai', 'anthropic'] as const;

export const llmBlockSchema = z
  .object({
    // A key goes in the environment (`auth.env`), never in the URL: it would be written to the
    // plan, the logs and the reports that print the endpoint.
    base_url: z.url({ protocol: /^https?$/ }).refine((url) => !credentialInUrl(url), {
      message:
        'carries a credential (user:password@, or a key-like query parameter): name the key by environment variable in `auth.env`',
    }),
    auth: authSchema.optional(),
    provider: z.enum(PROVIDERS),
    params: paramsSchema.optional(),
    parallel_tool_calls: z.boolean().optional(),
    // A Node timer holds at most 2^31 - 1 ms: a longer limit would fire at once.
    timeout_seconds: z.number().positive().max(MAX_TIMEOUT_SECONDS).optional(),
    max_retries: z.number().int().nonnegative().max(20).optional(),
    provider_routing: providerRoutingSchema.optional(),
  })
  .strict()
  .superRefine((block, ctx) => {
    // Settings one wire format cannot carry are refused rather than silently dropped.
    if (block.provider !== 'anthropic') return;
    const refuse = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    if (block.params?.max_tokens === undefined) {
      refuse(['params', 'max_tokens'], 'is required by provider `anthropic` (its API has no default)');
    }
    if (block.params?.seed !== undefined)
      refuse(['params', 'seed'], 'is not supported by provider `anthropic`');
    if (block.provider_routing !== undefined) {
      refuse(['provider_routing'], 'is OpenRouter routing, only sent by provider `openai`');
    }
    const thinking = block.params?.thinking;
    if (thinking?.effort !== undefined) {
      refuse(
        ['params', 'thinking', 'effort'],
        'is not supported by provider `anthropic`; use `budget_tokens`',
      );
    }
    if (thinking?.enabled === true && thinking.budget_tokens === undefined) {
      refuse(
        ['params', 'thinking', 'budget_tokens'],
        'is required by provider `anthropic` when thinking is on',
      );
    }
  });

/** A validated LLM block, as written (no defaults filled in, so its canonical bytes are the user's). */
export type LlmBlock = z.infer<typeof llmBlockSchema>;
export type LlmParams = z.infer<typeof paramsSchema>;
export type LlmThinking = z.infer<typeof thinkingSchema>;
export type LlmProviderName = (typeof PROVIDERS)[number];

/** What a block means when a key is absent. */
const KEY_LIKE = /^(api[-_]?key|key|token|access[-_]?token|auth|secret|password|sig|signature)$/i;

/**
 * Whether a URL carries a credential: a user or password part, or a query parameter named like
 * one (`key`, `api_key`, `token`, ...).
 *
 * @example
 * credentialInUrl('http://user:sk-123@host/v1'); // true
 * credentialInUrl('https://api.openai.com/v1'); // false
 */
export function credentialInUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    url.username !== '' || url.password !== '' || [...url.searchParams.keys()].some((k) => KEY_LIKE.test(k))
  );
}

export const LLM_BLOCK_DEFAULTS = { max_retries: 2, timeout_seconds: 600 } as const;
