import type { ResultRow } from '../../schema.js';
import { corpusRelative, lineHit, numberedRange } from '../../tools/identifiers.js';
import { isPathLike } from '../../tools/path-grammar.js';
import type { CallYield } from '../imported-run.js';

const NOT_A_PATH = [
  /^Found \d+ (files?|matches?|lines?)\b/i,
  /^No (files|matches) found/i,
  /^\(Results are truncated/i,
  /^--$/,
];

/** One line of Grep's output: the file it names and, in content mode, the line it matched. */
interface GrepHit {
  path: string;
  line?: number;
}

// Grep's output depends on its mode: bare paths (files_with_matches), `path:count`, or in content
// mode `path:line:text` (`path-line-text` for context lines), `path:text` without line numbers,
// and `line:text` when the search named a single file (the path is then the call's own `path`).
function grepHit(text: string, mode: unknown, searched: string | undefined): GrepHit | null {
  if (mode === 'content') {
    const inFile = /^(\d+)[:-]/.exec(text);
    if (inFile !== null) return searched === undefined ? null : { path: searched, line: Number(inFile[1]) };
    const numbered = lineHit(text);
    if (numbered !== null) return numbered;
    const colon = text.indexOf(':');
    const path = colon > 0 ? text.slice(0, colon) : '';
    // A URL's scheme is no file (`https://...`), nor a timestamp's date (`2026-12-04T20:06`).
    return isPathLike(path, 'value') && !text.startsWith(`${path}://`) ? { path } : null;
  }
  if (mode === 'count') {
    const counted = /^(.+):\d+$/.exec(text);
    if (counted !== null) return { path: counted[1]! };
    return /^\d+$/.test(text) && searched !== undefined ? { path: searched } : null;
  }
  return { path: text };
}

/**
 * Identifiers of a Claude Code built-in call, named as the reference server names what it delivered
 * (one namespace per kind of delivery), so reading a file a listing named is not resurfacing:
 * `Read` delivered the file and the range it printed (`src/a.py`, `src/a.py:1-40`); `Glob` named
 * paths; `Grep` named the files it matched and, in content mode, each matched line (`src/a.py:14`),
 * its ranked rows the hits in output order. Paths under the session's `cwd` are made relative to
 * it. A failed call and any other tool returned none.
 *
 * @example
 * claudeCodeYield('Read', { file_path: '/repo/src/a.py' }, '     1→def a(): ...', true, '/repo');
 * // { identifiers: ['src/a.py', 'src/a.py:1-1'] }
 */
export function claudeCodeYield(
  tool: string,
  args: Record<string, unknown>,
  text: string,
  ok: boolean,
  cwd?: string,
): CallYield {
  if (!ok) return { identifiers: [] };
  if (tool === 'Read') {
    const file = args.file_path;
    if (typeof file !== 'string' || file === '') return { identifiers: [] };
    const path = corpusRelative(file, cwd);
    if (path === '') return { identifiers: [] };
    const range = numberedRange(text);
    return { identifiers: range === null ? [path] : [path, `${path}:${range.start}-${range.end}`] };
  }
  if (tool !== 'Glob' && tool !== 'Grep') return { identifiers: [] };
  const searched = typeof args.path === 'string' && args.path !== '' ? args.path : undefined;
  const identifiers = new Set<string>();
  const rows: ResultRow[] = [];
  const rowKeys = new Set<string>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || NOT_A_PATH.some((pattern) => pattern.test(line))) continue;
    const hit = tool === 'Grep' ? grepHit(line, args.output_mode, searched) : { path: line };
    if (hit === null || hit.path === '') continue;
    const path = corpusRelative(hit.path, cwd);
    if (path === '') continue;
    identifiers.add(path);
    if (hit.line !== undefined) identifiers.add(`${path}:${hit.line}`);
    const key = `${path}:${hit.line ?? ''}`;
    if (rowKeys.has(key)) continue;
    rowKeys.add(key);
    rows.push(hit.line === undefined ? { path } : { path, start: hit.line, end: hit.line });
  }
  return { identifiers: [...identifiers], rows };
}
