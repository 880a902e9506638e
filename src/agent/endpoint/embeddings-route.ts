import { z } from 'zod';
import {
  STAND_IN_EMBEDDER,
  STAND_IN_EMBEDDER_LABEL,
  standInEmbedding,
  standInWords,
} from '../../product/index.js';

/** The stand-in's vector size when a request names none. */
export const STAND_IN_DIMENSIONS = 256;

const embeddingsRequestSchema = z.object({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(z.string()).min(1).max(4096)]),
  dimensions: z.number().int().min(2).max(8192).optional(),
  encoding_format: z.literal('float').optional(),
});

/**
 * The offline endpoint's `POST /v1/embeddings` in OpenAI's shape: the stand-in embedder
 * (`standInEmbedding`) for every input, `dimensions` as asked (default 256), usage counted in the
 * stand-in's words; the model it reports says it is a stand-in. Any model name is answered alike.
 *
 * @example
 * embeddingsReply({ model: 'offline-embed', input: ['parse config'] }); // { status: 200, body: { object: 'list', ... } }
 */
export function embeddingsReply(body: unknown): { status: number; body: unknown } | { error: string } {
  const parsed = embeddingsRequestSchema.safeParse(body);
  if (!parsed.success)
    return {
      error: `request body refused: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    };
  const inputs = typeof parsed.data.input === 'string' ? [parsed.data.input] : parsed.data.input;
  const dimensions = parsed.data.dimensions ?? STAND_IN_DIMENSIONS;
  const tokens = inputs.reduce((sum, text) => sum + Math.max(1, standInWords(text).length), 0);
  return {
    status: 200,
    body: {
      object: 'list',
      data: inputs.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: standInEmbedding(text, dimensions),
      })),
      model: `${STAND_IN_EMBEDDER} (${STAND_IN_EMBEDDER_LABEL})`,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    },
  };
}
