import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { AgentTrackError } from '../../core/index.js';
import { walkCorpus } from '../index-build/walk.js';
import type { IngestionConfig } from '../serving/schema.js';
import { directoryHash } from './directory-hash.js';

/** A directory corpus as one portable value: what the indexer reads of it, and its content hash. */
export interface CorpusPack {
  /** `directoryHash` of the directory: the same on every machine that holds the same files. */
  hash: string;
  /** Gzipped JSON `{ files: [{ path, text }] }`. */
  bytes: Buffer;
}

const packSchema = z.object({ files: z.array(z.object({ path: z.string().min(1), text: z.string() })) });

/**
 * Packs what the indexer would read of a directory corpus (its own walk: same exclusions, size and
 * binary rules), so another machine indexes the same content under the same hash.
 *
 * @example
 * const { hash, bytes } = packCorpus('fixtures/corpora/py-shop', config.ingestion);
 */
export function packCorpus(dir: string, ingestion: IngestionConfig): CorpusPack {
  const { files } = walkCorpus(dir, {
    excludeDirs: ingestion.exclude_dirs,
    maxFileBytes: ingestion.max_file_bytes,
  });
  const json = JSON.stringify({ files: files.map((file) => ({ path: file.path, text: file.text })) });
  return { hash: directoryHash(dir, ingestion).hash, bytes: gzipSync(json) };
}

/**
 * Unpacks a corpus pack once into `<cacheDir>/corpora/dir-<hash>` (built in a temp folder and
 * renamed, so a half-written one is never used) and checks its content hash: a pack whose files do
 * not hash to `hash` is refused (`CORPUS_HASH_MISMATCH`). Returns the directory.
 *
 * @example
 * const dir = unpackCorpus(bytes, { cacheDir, hash, ingestion: config.ingestion });
 */
export function unpackCorpus(
  bytes: Buffer,
  options: { cacheDir: string; hash: string; ingestion: IngestionConfig },
): string {
  const dir = join(options.cacheDir, 'corpora', `dir-${options.hash.replace(/^sha256:/, '').slice(0, 24)}`);
  if (existsSync(dir)) return dir;
  const { files } = packSchema.parse(JSON.parse(gunzipSync(bytes).toString('utf8')));
  const tmp = `${dir}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    for (const file of files) {
      const target = resolve(tmp, file.path);
      if (!target.startsWith(`${tmp}/`))
        throw new AgentTrackError('PATH_ESCAPE', `A packed corpus file escapes its root: \`${file.path}\``, {
          data: { path: file.path },
        });
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, file.text);
    }
    mkdirSync(tmp, { recursive: true });
    const got = directoryHash(tmp, options.ingestion).hash;
    if (got !== options.hash)
      throw new AgentTrackError(
        'CORPUS_HASH_MISMATCH',
        `The packed corpus hashes to \`${got}\`, not the \`${options.hash}\` it was sent as`,
        { data: { expected: options.hash, got } },
      );
    try {
      renameSync(tmp, dir);
    } catch (error) {
      // Another process unpacked the same pack first: its directory holds the same files.
      if (!existsSync(dir)) throw error;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return dir;
}
