import { z } from 'zod';
import { AgentTrackError } from '../../core/index.js';
import type { EmbeddingsConfig } from '../serving/schema.js';
import { endpointKey, endpointUrl } from './endpoint-key.js';

const responseSchema = z.object({
  data: z.array(z.object({ index: z.number().int().min(0), embedding: z.array(z.number()) })),
  usage: z
    .object({ prompt_tokens: z.number().int().min(0) })
    .partial()
    .optional(),
});

/** Vectors for texts, in their order, and the tokens the endpoint says it read (`null`: it did not say). */
export interface Embedded {
  vectors: number[][];
  promptTokens: number | null;
}

export interface EmbeddingsClient {
  /** The endpoint and model, for messages and the bundle's record. */
  readonly label: string;
  /** Documents (pieces) with the document prefix, batched. */
  documents(texts: readonly string[]): Promise<Embedded>;
  /** One query with the query prefix. */
  query(text: string): Promise<number[]>;
}

/**
 * An OpenAI-compatible `/v1/embeddings` client (OpenAI, vLLM, llama.cpp, TEI, LiteLLM, the offline
 * endpoint's stand-in): `POST {endpoint}/embeddings` with `{model, input, dimensions?}`, the key
 * (when `key_env` names one) from the environment as a bearer token, texts in batches of
 * `batch_size`, each response checked for one vector of `dimensions` per text; a reset connection,
 * a 429 or a 5xx is tried again up to `max_retries` times (100 ms, then doubling). A failure is
 * `EMBEDDINGS_FAILED` naming the endpoint and status, never the key.
 *
 * @example
 * const client = embeddingsClient(config.embeddings!, process.env);
 * const query = await client.query('where is the config parsed');
 */
export function embeddingsClient(
  config: EmbeddingsConfig,
  env: Readonly<Record<string, string | undefined>> = process.env,
): EmbeddingsClient {
  const url = endpointUrl('embeddings', config.endpoint);
  const label = `${config.embedder} at ${config.endpoint}`;
  const fail = (message: string, data: Record<string, unknown> = {}) =>
    new AgentTrackError('EMBEDDINGS_FAILED', `Embeddings from ${label}: ${message}`, {
      data: { endpoint: config.endpoint, embedder: config.embedder, ...data },
    });
  const key = endpointKey('embeddings', config.key_env, env);
  // A reset connection (a keep-alive socket the server closed), a 429 or a 5xx is tried again.
  const post = async (input: string[], tries = 0): Promise<Embedded> => {
    const again = async () => {
      await new Promise((done) => setTimeout(done, 100 * 2 ** tries));
      return post(input, tries + 1);
    };
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: key.headers,
        body: JSON.stringify({
          model: config.embedder,
          input,
          ...(config.send_dimensions ? { dimensions: config.dimensions } : {}),
        }),
        signal: AbortSignal.timeout(config.timeout_ms),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      if (tries < config.max_retries && (error as Error).name !== 'TimeoutError') return again();
      throw fail(
        `the request failed (${(error as Error).name}: ${(error as Error).message}${cause ? `: ${cause.code ?? ''} ${cause.message ?? ''}` : ''})`,
      );
    }
    const text = await response.text();
    if ((response.status === 429 || response.status >= 500) && tries < config.max_retries) return again();
    if (!response.ok)
      throw fail(`HTTP ${response.status}: ${key.redact(text.slice(0, 200))}`, {
        status: response.status,
      });
    let parsed: z.infer<typeof responseSchema>;
    try {
      parsed = responseSchema.parse(JSON.parse(text));
    } catch {
      throw fail('the response is not an embeddings list (`data[].embedding`)');
    }
    const vectors = new Array<number[]>(input.length);
    for (const row of parsed.data) vectors[row.index] = row.embedding;
    for (let i = 0; i < input.length; i++) {
      const vector = vectors[i];
      if (vector === undefined) throw fail(`no vector for input ${i} of ${input.length}`);
      if (vector.length !== config.dimensions)
        throw fail(`a vector of ${vector.length} dimensions, not the configured ${config.dimensions}`);
    }
    return { vectors, promptTokens: parsed.usage?.prompt_tokens ?? null };
  };
  return {
    label,
    async documents(texts) {
      const vectors: number[][] = [];
      let promptTokens: number | null = 0;
      for (let at = 0; at < texts.length; at += config.batch_size) {
        const batch = texts.slice(at, at + config.batch_size).map((t) => `${config.document_prefix}${t}`);
        const got = await post(batch);
        vectors.push(...got.vectors);
        promptTokens =
          promptTokens === null || got.promptTokens === null ? null : promptTokens + got.promptTokens;
      }
      return { vectors, promptTokens };
    },
    async query(text) {
      return (await post([`${config.query_prefix}${text}`])).vectors[0]!;
    },
  };
}
