import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { Corpus } from './schema.js';

/** The key tasks are grouped by: one corpus is materialized and indexed once per key. */
export function corpusKey(corpus: Corpus | undefined): string {
  if (corpus === undefined) return 'workspace';
  if ('repo' in corpus) return `repo:${corpus.repo}@${corpus.commit}`;
  if ('dir' in corpus) return `dir:${resolve(corpus.dir)}`;
  return `files:${inlineFilesHash(corpus.files)}`;
}

/** sha256 over inline files, path order fixed, so the same files always give the same key. */
export function inlineFilesHash(files: Readonly<Record<string, string>>): string {
  const hash = createHash('sha256');
  for (const path of Object.keys(files).sort()) {
    hash.update(path).update('\0').update(files[path]!).update('\0');
  }
  return hash.digest('hex');
}
