import type { ResultRow } from '../schema.js';
import { subReadIdentifiers } from './batch-read.js';
import { lineHit, numberedRange } from './identifiers.js';
import { pathsIn, resultLines } from './result-paths.js';

/** What a call returned, as identifiers (paths, names, chunk ids) and, for a search, ranked rows: what an extractor gives. */
export interface CallYield {
  identifiers: string[];
  rows?: ResultRow[];
}

/**
 * Reads identifiers from a result's text, for servers that return no `structuredContent`; `args`
 * are the call's own arguments (a read names the file it delivered there).
 */
export type TextExtractor = (text: string, tool: string, args: Record<string, unknown>) => CallYield;

const PATH_ARGS = ['path', 'file_path', 'filepath', 'file', 'filename'];
const PATHS_ARGS = ['paths', 'file_paths', 'files'];

// The files a call asked for by name: a string under a path-like key, or each string of a list.
function namedFiles(args: Record<string, unknown>): string[] {
  const one = PATH_ARGS.map((key) => args[key]).find((value) => typeof value === 'string' && value !== '');
  if (typeof one === 'string') return [one];
  const many = PATHS_ARGS.map((key) => args[key]).find(Array.isArray) as unknown[] | undefined;
  return (many ?? []).filter((value): value is string => typeof value === 'string' && value !== '');
}

const PARTIAL_ARGS = ['start', 'end', 'offset', 'tail', 'line', 'lines', 'from', 'to'];

// The lines a read delivered: the numbered range it printed; for a read tool printing plain content,
// its lines from 1 (to `head` when it was asked for the first lines); `null` when unknown.
function deliveredRange(text: string, args: Record<string, unknown>, read: boolean): string | null {
  const numbered = numberedRange(text);
  if (numbered !== null) return `${numbered.start}-${numbered.end}`;
  if (!read || PARTIAL_ARGS.some((key) => args[key] !== undefined)) return null;
  const lines = text.replace(/\r?\n$/, '').split(/\r?\n/).length;
  const head = typeof args.head === 'number' && args.head > 0 ? Math.min(args.head, lines) : lines;
  return text === '' ? null : `1-${head}`;
}

/**
 * The default reading of a text-only result, in the corpus's namespace (`inCorpus` then makes
 * paths relative): the file(s) the call named in its arguments; with one file, also the lines it
 * delivered (`a.py:1-40`: the numbered range it printed, or for a `read` tool all its lines), so
 * reading a file a listing named is new content, not resurfacing (and nothing else: the paths a
 * file's content mentions were not returned); otherwise each grep-style `path:line:` line
 * as `path` and `path:line` with a row per hit, never the line number as a path; and the
 * path-looking tokens of the text (`src/a.py`, `main.go`, `path`-like JSON keys). Distinct, first
 * appearance kept.
 *
 * @example
 * textIdentifiers('src/a.py:14:    total = 0', {}); // { identifiers: ['src/a.py', 'src/a.py:14'], rows: [{ path: 'src/a.py', start: 14, end: 14 }] }
 * textIdentifiers('     1→def a(): ...', { path: 'src/a.py' }); // { identifiers: ['src/a.py', 'src/a.py:1-1'] }
 * textIdentifiers('def a():\n    return 1\n', { path: 'src/a.py' }, { read: true }); // { identifiers: ['src/a.py', 'src/a.py:1-2'] }
 */
export function textIdentifiers(
  text: string,
  args: Record<string, unknown>,
  options: { read?: boolean } = {},
): CallYield {
  const identifiers: string[] = [];
  const files = namedFiles(args);
  // A batch read (a list of files) delivered the sub-reads it printed, each with its lines.
  const listed = options.read === true && PATHS_ARGS.some((key) => Array.isArray(args[key]));
  const batch = listed ? subReadIdentifiers(text, files) : null;
  if (batch !== null) return { identifiers: batch };
  identifiers.push(...files);
  const range = files.length === 1 ? deliveredRange(text, args, options.read ?? false) : null;
  if (range !== null) identifiers.push(`${files[0]}:${range}`);
  // A read delivered the files it named: the paths its content mentions (imports) were not returned.
  if (options.read === true && files.length > 0) return { identifiers: [...new Set(identifiers)] };
  const rows: ResultRow[] = [];
  for (const line of resultLines(text)) {
    const hit = lineHit(line.trim());
    if (hit === null) continue;
    identifiers.push(hit.path, `${hit.path}:${hit.line}`);
    rows.push({ path: hit.path, start: hit.line, end: hit.line });
  }
  identifiers.push(...pathsIn(text));
  const unique = [...new Set(identifiers)];
  return rows.length === 0 ? { identifiers: unique } : { identifiers: unique, rows };
}

/**
 * The text extractor: `textIdentifiers` by default (`reads`: the product's read tools, whose plain
 * content is a delivery of the file's lines); with `pattern`, each match's first group (or the
 * whole match) is an identifier instead. Distinct, in order of first appearance.
 *
 * @example
 * filePathExtractor()('see src/cart.py and src/tax.py', 'grep', {}); // { identifiers: ['src/cart.py', 'src/tax.py'] }
 * filePathExtractor(/^(\S+):\d+:/gm)('a.py:3: x = 1', 'grep', {});   // { identifiers: ['a.py'] }
 */
export function filePathExtractor(
  pattern?: RegExp,
  options: { reads?: readonly string[] } = {},
): TextExtractor {
  const reads = new Set(options.reads ?? []);
  if (pattern === undefined)
    return (text, tool, args) => textIdentifiers(text, args, { read: reads.has(tool) });
  const global = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
  return (text) => ({
    identifiers: [...new Set([...text.matchAll(global)].map((match) => match[1] ?? match[0]))],
  });
}
