import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AgentTrackError } from '../../core/index.js';
import type { Corpus } from '../../retrieval/index.js';
import { readBundleManifest } from '../bundle/manifest.js';
import { openBundle } from '../bundle/open-bundle.js';
import { embedBundle, readPieceVectors } from '../embed/piece-vectors.js';
import { buildIndex } from '../index-build/build-index.js';
import { ingestionHash } from '../serving/ingestion-hash.js';
import type { ServingConfig } from '../serving/schema.js';
import { directoryHash } from './directory-hash.js';
import { indexCodeId } from './index-code.js';
import { type MaterializedCorpus, materializeCorpus } from './materialize.js';

export interface IndexCacheOptions {
  cacheDir: string;
  reposDir: string;
  config: ServingConfig;
  /**
   * What the index is built by (`indexCodeId`): the running package's index code by default; a
   * launcher surveying an arm passes the arm's. Part of the cache key, so two commits that index
   * differently never share an index.
   */
  code?: string;
}

/** Where a corpus's index lives and whether it is there, valid for this config. */
export interface IndexStatus {
  corpus: MaterializedCorpus;
  workspace: string;
  state: 'built' | 'missing' | 'other-config';
  /** Source bytes the indexer would read (the plan's embed estimate is bytes / 4 tokens). */
  sourceBytes: number;
}

/** The cache folder of a (corpus content, ingestion config, index code) triple. */
export function indexWorkspace(
  cacheDir: string,
  contentHash: string,
  config: ServingConfig,
  code: string = indexCodeId(),
): string {
  const corpus = createHash('sha256').update(contentHash).digest('hex').slice(0, 16);
  const ingestion = ingestionHash(config.ingestion)
    .replace(/^sha256:/, '')
    .slice(0, 12);
  return join(cacheDir, 'indexes', `${corpus}-${ingestion}-${code}`);
}

/**
 * Materializes a corpus and says whether its index for this serving config is in the cache:
 * `built` (valid for this config), `missing`, or `other-config` (a bundle is there but was built
 * with other ingestion keys; it is refused, never served).
 *
 * @example
 * const status = await indexStatus({ dir: 'fixtures/corpora/py-shop' }, { cacheDir, reposDir, config });
 */
export async function indexStatus(corpus: Corpus, options: IndexCacheOptions): Promise<IndexStatus> {
  const materialized = await materializeCorpus(corpus, { ...options, ingestion: options.config.ingestion });
  const workspace = indexWorkspace(options.cacheDir, materialized.contentHash, options.config, options.code);
  const sourceBytes = directoryHash(materialized.dir, options.config.ingestion).bytes;
  if (!existsSync(join(workspace, 'bundle.json')))
    return { corpus: materialized, workspace, state: 'missing', sourceBytes };
  const manifest = readBundleManifest(workspace);
  const state = manifest.config_hash === ingestionHash(options.config.ingestion) ? 'built' : 'other-config';
  return { corpus: materialized, workspace, state, sourceBytes };
}

/**
 * The workspace of a corpus's index for this config, built once and reused: the cache key is the
 * corpus content, the ingestion keys and the index code (`indexCodeId`), so a query-only overlay
 * reuses the bundle and a commit that cuts pieces differently builds its own. It builds with the
 * running code: a caller surveying another package's index (`code`) never builds it.
 *
 * @example
 * const { workspace } = await ensureIndex({ repo: 'acme/shop', commit: 'abc123' }, { cacheDir, reposDir, config });
 */
export async function ensureIndex(
  corpus: Corpus,
  options: IndexCacheOptions,
): Promise<IndexStatus & { built: boolean }> {
  const status = await indexStatus(corpus, options);
  if (status.state === 'built') {
    openBundle(status.workspace, options.config.ingestion).close();
    await ensureVectors(status.workspace, options.config);
    return { ...status, built: false };
  }
  if (options.code !== undefined && options.code !== indexCodeId())
    throw new AgentTrackError(
      'INDEX_CODE_FOREIGN',
      `The index \`${status.workspace}\` is built by other index code (${options.code}) than this agent-track's (${indexCodeId()}): the package with that code builds it`,
      { data: { workspace: status.workspace, code: options.code } },
    );
  buildIndex({ corpus: status.corpus.dir, out: status.workspace, config: options.config });
  await ensureVectors(status.workspace, options.config);
  return { ...status, state: 'built', built: true };
}

// Dense and fused search read the pieces' vectors: made once per workspace and embedder.
async function ensureVectors(workspace: string, config: ServingConfig): Promise<void> {
  if (config.hybrid.mode === 'lexical' || config.embeddings === null) return;
  if (readPieceVectors(workspace, config.embeddings) !== null) return;
  await embedBundle(workspace, config.embeddings);
}
