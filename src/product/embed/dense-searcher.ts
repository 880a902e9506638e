import { AgentTrackError } from '../../core/index.js';
import type { Ranked } from '../search/fuse.js';
import type { ServingConfig } from '../serving/schema.js';
import { embeddingsClient } from './embeddings-client.js';
import { denseHits, readPieceVectors } from './piece-vectors.js';

/**
 * What a server with `hybrid.mode` dense or fused asks of each query: its vector from the
 * embeddings endpoint, then the pieces nearest it (`hybrid.candidates` of them) over the
 * workspace's vectors; `null` for lexical search. Refuses (`VECTORS_MISSING`) a workspace whose
 * vectors were not made with this config's embedder, before anything is served.
 *
 * @example
 * const dense = denseSearcher('/tmp/ws', config);
 * const nearest = await dense?.('where is the config parsed');
 */
export function denseSearcher(
  workspace: string,
  config: ServingConfig,
  env: Readonly<Record<string, string | undefined>> = process.env,
): ((query: string) => Promise<Ranked[]>) | null {
  const embeddings = config.embeddings;
  if (config.hybrid.mode === 'lexical' || embeddings === null) return null;
  const vectors = readPieceVectors(workspace, embeddings);
  if (vectors === null)
    throw new AgentTrackError(
      'VECTORS_MISSING',
      `The workspace \`${workspace}\` has no vectors from the embedder \`${embeddings.embedder}\` (${embeddings.dimensions} dimensions, these prefixes): build them with \`agent-track index\` and this config`,
      { data: { workspace, embedder: embeddings.embedder } },
    );
  const client = embeddingsClient(embeddings, env);
  return async (query) => denseHits(vectors, await client.query(query), config.hybrid.candidates);
}
