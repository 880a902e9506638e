import { isAbsolute, normalize, relative } from 'node:path';
import type { ResultRow } from '../schema.js';
import { isPathLike } from './path-grammar.js';

/**
 * Identifiers in the corpus's own namespace, the one gold is written in: a file is its path
 * relative to the corpus root (`shop/cart.py`), a line `path:12`, a range `path:1-40`. Every
 * reader of a tool result (the live recording proxy, the transcript importers) puts what it found
 * through these, so an absolute path a third-party server prints and a relative gold path meet.
 */

/**
 * A path made relative to `root` when it lies under it (`/repo/src/a.py` -> `src/a.py`, `./a.py`
 * -> `a.py`); the root itself is `''`. A path outside the root, a URL, or any path with no root is
 * kept as given.
 *
 * @example
 * corpusRelative('/repo/src/a.py', '/repo'); // 'src/a.py'
 * corpusRelative('/elsewhere/b.py', '/repo'); // '/elsewhere/b.py'
 */
export function corpusRelative(path: string, root: string | null | undefined): string {
  if (root === null || root === undefined || root === '' || path.includes('://')) return path;
  if (!isAbsolute(path)) return path === '.' || path === './' ? '' : path.replace(/^(?:\.\/)+/, '');
  const inside = relative(normalize(root), normalize(path));
  return inside.startsWith('..') || isAbsolute(inside) ? path : inside;
}

/**
 * The line range a numbered listing printed (`    12→code` as Claude Code's Read prints it, or
 * `    12\tcode` as `cat -n` does); `null` when no line is numbered.
 *
 * @example
 * numberedRange('     3→a\n     4→b'); // { start: 3, end: 4 }
 */
export function numberedRange(text: string): { start: number; end: number } | null {
  let start = Number.POSITIVE_INFINITY;
  let end = 0;
  for (const match of text.matchAll(/^\s*(\d+)(?:→|\t)/gm)) {
    const line = Number(match[1]);
    start = Math.min(start, line);
    end = Math.max(end, line);
  }
  return end === 0 ? null : { start, end };
}

/** A `path:line:` (grep's match) or `path-line-` (its context) line: the file and the line. */
export interface LineHit {
  path: string;
  line: number;
}

// The path is everything before the first `:N:` / `:N-` (spaces allowed: a clone under `/tmp/a b/`).
const LINE_HIT = /^(.*?[^\s:]):(\d+)[:-]/;
const CONTEXT_HIT = /^(.*?\.[A-Za-z0-9]+)-(\d+)-/;

function shapedLikePath(path: string): string | null {
  return isPathLike(path, 'value') ? path : null;
}

/**
 * The file and line a grep-style output line names (`src/a.py:14:text`, `src/a.py-15-text`), or
 * `null`. `accept` decides whether the part before the line number names a file, and under which
 * name (a `PathRule` bound to the corpus); by default its shape (`isPathLike`), so a line number,
 * a time or a timestamp (`2026-12-04T20:06:17Z`) is never a path.
 *
 * @example
 * lineHit('src/a.py:14:    total = 0'); // { path: 'src/a.py', line: 14 }
 * lineHit('14:    total = 0');          // null
 * lineHit('2026-12-04T20:06:17.217Z');  // null
 */
export function lineHit(
  text: string,
  accept: (path: string) => string | null = shapedLikePath,
): LineHit | null {
  for (const pattern of [LINE_HIT, CONTEXT_HIT]) {
    const match = pattern.exec(text);
    if (match === null || /^\d+$/.test(match[1]!)) continue;
    const path = accept(match[1]!);
    if (path !== null) return { path, line: Number(match[2]) };
  }
  return null;
}

/**
 * Identifiers and rows put in the corpus's namespace: paths under `root` made relative, the root
 * itself dropped, duplicates merged (first appearance kept); with no root, unchanged.
 *
 * @example
 * inCorpus({ identifiers: ['/repo/a.py', '/repo', 'a.py'] }, '/repo'); // { identifiers: ['a.py'] }
 */
export function inCorpus<T extends { identifiers: readonly string[]; rows?: readonly ResultRow[] }>(
  extracted: T,
  root: string | null | undefined,
): T {
  if (root === null || root === undefined || root === '') return extracted;
  const identifiers = [
    ...new Set(
      extracted.identifiers.map((id) => {
        // `path:12` and `path:1-40` keep their suffix on the relative path.
        const suffix = /:(\d+(?:-\d+)?)$/.exec(id);
        const path = suffix === null ? id : id.slice(0, suffix.index);
        const relativePath = corpusRelative(path, root);
        return relativePath === '' ? '' : suffix === null ? relativePath : `${relativePath}${suffix[0]}`;
      }),
    ),
  ].filter((id) => id !== '');
  if (extracted.rows === undefined) return { ...extracted, identifiers };
  const rows = extracted.rows
    .map((row) => ({ ...row, path: corpusRelative(row.path, root) }))
    .filter((row) => row.path !== '');
  return { ...extracted, identifiers, rows };
}
