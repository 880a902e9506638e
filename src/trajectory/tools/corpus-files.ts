import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The corpus as a file set: whether a path a tool printed names one of its files. Asked of the
 * filesystem itself (one `stat` per candidate), so a file written during the run counts and
 * nothing is stale; the root's real path is resolved once per root, for a server that prints
 * paths with symlinks resolved.
 */

const realRoots = new Map<string, string>();

function realRoot(root: string): string {
  let real = realRoots.get(root);
  if (real === undefined) {
    try {
      real = realpathSync(root);
    } catch {
      // a root that cannot be resolved is only its own spelling
      real = root;
    }
    realRoots.set(root, real);
  }
  return real;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Whether `dir` is a directory: a corpus the rule can decide with. */
export function isCorpusDir(dir: string | null | undefined): dir is string {
  if (dir === null || dir === undefined || dir === '') return false;
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function inside(root: string, path: string): string | null {
  const rel = relative(root, path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? null : rel;
}

/**
 * The corpus-relative path (`/` separated) of the corpus file `candidate` names, or `null`: an
 * absolute path under the root (or its real path), or a relative one under the root or under one
 * of `bases` (the directories the call named, relative to the root or absolute), that is a file.
 * A `file://` URI is read as its path.
 *
 * @example
 * corpusFile('/repo/shop/cart.py', '/repo'); // 'shop/cart.py' (when that file exists)
 * corpusFile('cart.py', '/repo', ['shop']);  // 'shop/cart.py'
 * corpusFile('/repo', '/repo');              // null: the root is no file
 */
export function corpusFile(candidate: string, root: string, bases: readonly string[] = []): string | null {
  let path = candidate;
  if (path.startsWith('file://')) {
    try {
      path = decodeURIComponent(path.slice('file://'.length));
    } catch {
      return null;
    }
  }
  if (path === '' || path.includes('\0')) return null;
  const roots = [...new Set([resolve(root), realRoot(resolve(root))])];
  const starts = isAbsolute(path) ? [''] : ['', ...bases];
  for (const start of starts)
    for (const top of roots) {
      const full = isAbsolute(path) ? resolve(path) : resolve(top, start, path);
      const rel = inside(top, full);
      if (rel !== null && isFile(full)) return rel.split(sep).join('/');
    }
  return null;
}
