import { z } from 'zod';
import { STAND_IN_EMBEDDER_LABEL, standInEmbedding } from '../../product/index.js';

const rerankRequestSchema = z.object({
  model: z.string().min(1).optional(),
  query: z.string(),
  documents: z.array(z.union([z.string(), z.object({ text: z.string() })])).max(1000),
  top_n: z.number().int().min(1).optional(),
  top_k: z.number().int().min(1).optional(),
});

const cosine = (a: readonly number[], b: readonly number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

/**
 * The offline endpoint's `POST /v1/rerank` (and `/v2/rerank`): each document scored by the stand-in
 * embedder's cosine to the query (1,024 dimensions), best first, `top_n` or `top_k` of them, in
 * both the Jina/Cohere/llama.cpp shape (`results[]`) and Voyage's (`data[]`); the model it reports
 * says it is a stand-in.
 *
 * @example
 * rerankReply({ query: 'cart total', documents: ['def total(cart)', 'README'] });
 */
export function rerankReply(body: unknown): { status: number; body: unknown } | { error: string } {
  const parsed = rerankRequestSchema.safeParse(body);
  if (!parsed.success)
    return {
      error: `request body refused: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    };
  const query = standInEmbedding(parsed.data.query, 1024);
  const scored = parsed.data.documents
    .map((document, index) => ({
      index,
      relevance_score: cosine(
        query,
        standInEmbedding(typeof document === 'string' ? document : document.text, 1024),
      ),
    }))
    .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index)
    .slice(0, parsed.data.top_n ?? parsed.data.top_k ?? parsed.data.documents.length);
  return {
    status: 200,
    body: { model: `offline-rerank (${STAND_IN_EMBEDDER_LABEL})`, results: scored, data: scored },
  };
}
