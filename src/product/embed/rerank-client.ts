import { z } from 'zod';
import { AgentTrackError } from '../../core/index.js';
import type { RerankConfig } from '../serving/schema.js';
import { endpointKey, endpointUrl } from './endpoint-key.js';

const scored = z.array(z.object({ index: z.number().int().min(0), relevance_score: z.number() }));
const resultsShape = z.object({ results: scored });
const dataShape = z.object({ data: scored });

/** A rerank's order: the documents' indexes best first, or `null` when it timed out (keep the order). */
export type RerankOrder = number[] | null;

export interface RerankClient {
  readonly label: string;
  /** The documents' indexes best first; `null` past the timeout. Documents it did not score keep their place after. */
  rerank(query: string, documents: readonly string[]): Promise<RerankOrder>;
}

/**
 * A `/rerank` client in the Cohere, Jina, Voyage or llama.cpp shape (`shape`): `POST
 * {endpoint}/rerank` with `{model, query, documents, top_n | top_k}`, the key (when `key_env` names
 * one) as a bearer token, each document cut to `document_chars`. Past `timeout_ms` it answers
 * `null`, so the caller keeps its order; any other failure is `RERANK_FAILED` naming the endpoint
 * and status, never the key.
 *
 * @example
 * const order = await rerankClient(config.rerank!).rerank('where is the cart total', texts);
 */
export function rerankClient(
  config: RerankConfig,
  env: Readonly<Record<string, string | undefined>> = process.env,
): RerankClient {
  const url = endpointUrl('rerank', config.endpoint);
  const label = `${config.reranker} at ${config.endpoint}`;
  const fail = (message: string, data: Record<string, unknown> = {}) =>
    new AgentTrackError('RERANK_FAILED', `Rerank by ${label}: ${message}`, {
      data: { endpoint: config.endpoint, reranker: config.reranker, ...data },
    });
  const key = endpointKey('rerank', config.key_env, env);
  return {
    label,
    async rerank(query, documents) {
      const count = Math.min(config.top_n, documents.length);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: key.headers,
          body: JSON.stringify({
            model: config.reranker,
            query,
            documents: documents.map((text) => text.slice(0, config.document_chars)),
            ...(config.shape === 'voyage' ? { top_k: count } : { top_n: count }),
          }),
          signal: AbortSignal.timeout(config.timeout_ms),
        });
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') return null;
        throw fail(`the request failed (${(error as Error).message})`);
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') return null;
        throw fail(`the response was cut (${(error as Error).message})`);
      }
      if (!response.ok)
        throw fail(`HTTP ${response.status}: ${key.redact(text.slice(0, 200))}`, {
          status: response.status,
        });
      let rows: z.infer<typeof scored>;
      try {
        const body: unknown = JSON.parse(text);
        rows = config.shape === 'voyage' ? dataShape.parse(body).data : resultsShape.parse(body).results;
      } catch {
        throw fail(
          `the response is not a rerank list (\`${config.shape === 'voyage' ? 'data' : 'results'}[]\`)`,
        );
      }
      const order = rows
        .filter((row) => row.index < documents.length)
        .sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index)
        .map((row) => row.index);
      const seen = new Set(order);
      return [...new Set(order), ...documents.map((_, i) => i).filter((i) => !seen.has(i))];
    },
  };
}
