import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Corpus } from '../../retrieval/index.js';
import { readBundleManifest } from '../bundle/manifest.js';
import { openBundle } from '../bundle/open-bundle.js';
import { buildIndex } from '../index-build/build-index.js';
import { ingestionHash } from '../serving/ingestion-hash.js';
import type { ServingConfig } from '../serving/schema.js';
import { directoryHash } from './directory-hash.js';
import { type MaterializedCorpus, materializeCorpus } from './materialize.js';

export interface IndexCacheOptions {
  cacheDir: string;
  reposDir: string;
  config: ServingConfig;
}

/** Where a corpus's index lives and whether it is there, valid for this config. */
export interface IndexStatus {
  corpus: MaterializedCorpus;
  workspace: string;
  state: 'built' | 'missing' | 'other-config';
  /** Source bytes the indexer would read (the plan's embed estimate is bytes / 4 tokens). */
  sourceBytes: number;
}

/** The cache folder of a (corpus content, ingestion config) pair. */
export function indexWorkspace(cacheDir: string, contentHash: string, config: ServingConfig): string {
  const corpus = createHash('sha256').update(contentHash).digest('hex').slice(0, 16);
  return join(
    cacheDir,
    'indexes',
    `${corpus}-${ingestionHash(config.ingestion)
      .replace(/^sha256:/, '')
      .slice(0, 12)}`,
  );
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
  const workspace = indexWorkspace(options.cacheDir, materialized.contentHash, options.config);
  const sourceBytes = directoryHash(materialized.dir, options.config.ingestion).bytes;
  if (!existsSync(join(workspace, 'bundle.json')))
    return { corpus: materialized, workspace, state: 'missing', sourceBytes };
  const manifest = readBundleManifest(workspace);
  const state = manifest.config_hash === ingestionHash(options.config.ingestion) ? 'built' : 'other-config';
  return { corpus: materialized, workspace, state, sourceBytes };
}

/**
 * The workspace of a corpus's index for this config, built once and reused: the cache key is the
 * corpus content and the ingestion keys, so a query-only overlay reuses the bundle.
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
    return { ...status, built: false };
  }
  buildIndex({ corpus: status.corpus.dir, out: status.workspace, config: options.config });
  return { ...status, state: 'built', built: true };
}
