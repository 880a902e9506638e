import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Folders never part of a corpus's content. */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', 'node_modules', '.cache', 'dist']);

/** Every file under a directory (relative, `/`-separated, sorted), skipping SKIPPED_DIRS. */
export function listCorpusFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(join(dir, entry.name));
      } else if (entry.isFile()) {
        out.push(relative(root, join(dir, entry.name)).split('\\').join('/'));
      }
    }
  };
  walk(root);
  return out.sort();
}

/** sha256 over a directory's files (paths and bytes): equal hashes, equal corpora. */
export function treeHash(root: string): string {
  const hash = createHash('sha256');
  for (const path of listCorpusFiles(root)) {
    hash
      .update(path)
      .update('\0')
      .update(readFileSync(join(root, path)))
      .update('\0');
  }
  return hash.digest('hex');
}
