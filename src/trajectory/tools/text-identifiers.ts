import type { ResultRow } from '../schema.js';
import { subReadIdentifiers } from './batch-read.js';
import { numberedRange } from './identifiers.js';
import { type PathRule, pathRule } from './path-rule.js';
import { readResult } from './result-paths.js';

/** What a call returned, as identifiers (paths, names, chunk ids) and, for a search, ranked rows: what an extractor gives. */
export interface CallYield {
  identifiers: string[];
  rows?: ResultRow[];
}

/**
 * Reads identifiers from a result's text, for servers that return no `structuredContent`; `args`
 * are the call's own arguments (a read names the file it delivered there); `corpus` the task's
 * corpus directory, when known: a path then counts only where it names one of its files (`pathRule`).
 */
export type TextExtractor = (
  text: string,
  tool: string,
  args: Record<string, unknown>,
  corpus?: string | null,
) => CallYield;

const PATH_ARGS = ['path', 'file_path', 'filepath', 'file', 'filename'];
const PATHS_ARGS = ['paths', 'file_paths', 'files'];

// The files a call asked for by name: a string under a path-like key, or each string of a list.
function namedFiles(args: Record<string, unknown>): string[] {
  const one = PATH_ARGS.map((key) => args[key]).find((value) => typeof value === 'string' && value !== '');
  if (typeof one === 'string') return [one];
  const many = PATHS_ARGS.map((key) => args[key]).find(Array.isArray) as unknown[] | undefined;
  return (many ?? []).filter((value): value is string => typeof value === 'string' && value !== '');
}

// An identifier through the rule, its `:start-end` range kept on the name the rule gives.
function ruled(id: string, rule: PathRule): string[] {
  const range = /:\d+(?:-\d+)?$/.exec(id);
  const path = rule(range === null ? id : id.slice(0, range.index), 'value');
  return path === null ? [] : [range === null ? path : `${path}${range[0]}`];
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
 * The default reading of a text-only result, every path put through `rule` (`pathRule(corpus)`:
 * with the corpus, only its files count, named relative to it; without, what is shaped like a
 * path): the file(s) the call named in its arguments; with one file, also the lines it delivered
 * (`a.py:1-40`: the numbered range it printed, or for a `read` tool all its lines), so reading a
 * file a listing named is new content, not resurfacing (and nothing else: the paths a file's
 * content mentions were not returned); otherwise what `readResult` reads: a JSON result by its
 * structure, a text result's whole-line paths, grep-style `path:line:` hits (`path` and
 * `path:line`, a row each; never a line number or a timestamp as a path) and path-shaped tokens.
 * Distinct, first appearance kept.
 *
 * @example
 * textIdentifiers('src/a.py:14:    total = 0', {}); // { identifiers: ['src/a.py', 'src/a.py:14'], rows: [{ path: 'src/a.py', start: 14, end: 14 }] }
 * textIdentifiers('     1→def a(): ...', { path: 'src/a.py' }); // { identifiers: ['src/a.py', 'src/a.py:1-1'] }
 * textIdentifiers('def a():\n    return 1\n', { path: 'src/a.py' }, { read: true }); // { identifiers: ['src/a.py', 'src/a.py:1-2'] }
 */
export function textIdentifiers(
  text: string,
  args: Record<string, unknown>,
  options: { read?: boolean; rule?: PathRule } = {},
): CallYield {
  const rule = options.rule ?? pathRule(null);
  const named = namedFiles(args);
  // A batch read (a list of files) delivered the sub-reads it printed, each with its lines, named
  // as the call named them, then put through the rule (`a.py:1-2` keeps its range).
  const listed = options.read === true && PATHS_ARGS.some((key) => Array.isArray(args[key]));
  const batch = listed ? subReadIdentifiers(text, named) : null;
  if (batch !== null) return { identifiers: [...new Set(batch.flatMap((id) => ruled(id, rule)))] };
  const files = named.map((file) => rule(file, 'value')).filter((file) => file !== null);
  const identifiers: string[] = [...files];
  const range = files.length === 1 ? deliveredRange(text, args, options.read ?? false) : null;
  if (range !== null) identifiers.push(`${files[0]}:${range}`);
  // A read delivered the files it named: the paths its content mentions (imports) were not returned.
  if (options.read === true && files.length > 0) return { identifiers: [...new Set(identifiers)] };
  // Paths printed relative to a directory the call named resolve under it.
  const found = readResult(text, rule, named);
  for (const row of found.rows) identifiers.push(row.path, `${row.path}:${row.start}`);
  identifiers.push(...found.paths);
  const unique = [...new Set(identifiers)];
  return found.rows.length === 0 ? { identifiers: unique } : { identifiers: unique, rows: found.rows };
}

/**
 * The text extractor: `textIdentifiers` by default (`reads`: the product's read tools, whose plain
 * content is a delivery of the file's lines), under the path rule of the corpus each call passes;
 * with `pattern`, each match's first group (or the whole match) is an identifier instead (the
 * user's own rule: not checked against the corpus). Distinct, in order of first appearance.
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
    return (text, tool, args, corpus) =>
      textIdentifiers(text, args, { read: reads.has(tool), rule: pathRule(corpus) });
  const global = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
  return (text) => ({
    identifiers: [...new Set([...text.matchAll(global)].map((match) => match[1] ?? match[0]))],
  });
}
