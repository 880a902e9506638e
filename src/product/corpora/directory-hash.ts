import { contentHash, corpusHash } from '../index-build/corpus-hash.js';
import { walkCorpus } from '../index-build/walk.js';
import type { IngestionConfig } from '../serving/schema.js';

/**
 * The content hash of a plain directory corpus: the indexer's own walk (same exclusions, same
 * size and binary rules) and its corpus hash, so the cache key changes exactly when what would be
 * indexed changes.
 *
 * @example
 * directoryHash('fixtures/corpora/py-shop', config.ingestion); // 'sha256:...'
 */
export function directoryHash(dir: string, ingestion: IngestionConfig): { hash: string; bytes: number } {
  const { files } = walkCorpus(dir, {
    excludeDirs: ingestion.exclude_dirs,
    maxFileBytes: ingestion.max_file_bytes,
  });
  return {
    hash: corpusHash(files.map((file) => ({ path: file.path, sha256: contentHash(file.text) }))),
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
  };
}
