import { createHash } from 'node:crypto';

/** The sha256 of one file's bytes, as hex. */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The corpus hash: sha256 over each indexed file's path and content hash, in path order. Two
 * corpora with the same files and contents hash alike wherever they sit on disk.
 *
 * @example
 * corpusHash([{ path: 'a.py', sha256: contentHash('x = 1\n') }]); // 'sha256:...'
 */
export function corpusHash(files: readonly { path: string; sha256: string }[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.path}\0${file.sha256}\n`);
  return `sha256:${hash.digest('hex')}`;
}
