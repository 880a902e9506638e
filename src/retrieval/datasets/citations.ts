/** One place an answer cites: a path and, when given, its line span. */
export interface Citation {
  path: string;
  start?: number;
  end?: number;
}

// `path.py: lines 10-20`, `path.py: line 7`, `path.py:12`, `path.py:12-30`, also inside parentheses.
// A path is a run of word characters, dots, dashes and slashes that contains a dot or a slash, so
// `(line 96)` and plain prose never count.
const CITATION = /([\w][\w.\-/]*[\w])\s*:\s*(?:lines?\s*)?(\d+)(?:\s*[-–]\s*(\d+))?/g;

/**
 * The file citations an answer makes, in order of first appearance, each path once (the first
 * span it was cited with).
 *
 * @example
 * parseCitations('validated in (osbuild/meta.py: line 254-272) and cache.py:58');
 * // [{ path: 'osbuild/meta.py', start: 254, end: 272 }, { path: 'cache.py', start: 58, end: 58 }]
 */
export function parseCitations(answer: string): Citation[] {
  const seen = new Map<string, Citation>();
  for (const match of answer.matchAll(CITATION)) {
    const path = match[1]!;
    if (!path.includes('.') && !path.includes('/')) continue;
    if (/^\d/.test(path) || /^https?$/i.test(path)) continue;
    if (seen.has(path)) continue;
    const start = Number(match[2]);
    const end = match[3] === undefined ? start : Number(match[3]);
    seen.set(path, { path, start, end });
  }
  return [...seen.values()];
}

// A file an answer names without a line: a path ending in a source or documentation extension,
// not part of a longer word, path or URL.
const MENTION =
  /(?<![\w./-])([A-Za-z_][\w.\-/]*\.(?:py|pyi|pyx|js|jsx|mjs|cjs|ts|tsx|go|rs|java|kt|rb|php|c|h|cc|cpp|hpp|cs|swift|md|rst|toml|cfg|ini|yaml|yml|json))(?![\w/-])/g;

/**
 * The files an answer names without citing lines (`the Term class in aclgenerator.py`), in order
 * of first appearance, each once: what an answer that cites no `path: line` points at.
 *
 * @example
 * mentionedFiles('XmlLogger in xmllogger.py feeds executionresult.py (see os.path)');
 * // [{ path: 'xmllogger.py' }, { path: 'executionresult.py' }]
 */
export function mentionedFiles(answer: string): Citation[] {
  const seen = new Set<string>();
  for (const match of answer.matchAll(MENTION)) {
    const path = match[1]!;
    if (!/^https?:/i.test(path)) seen.add(path);
  }
  return [...seen].map((path) => ({ path }));
}

/** Where cited paths landed in a repository's file tree. */
export interface ResolvedCitations {
  files: string[];
  unresolved: string[];
}

/**
 * Resolves cited paths against a repository's file tree: an exact path (after dropping `./`), else
 * a bare file name matching exactly one file's basename. Anything else is unresolved.
 *
 * @example
 * resolveCitations([{ path: 'cache.py' }], ['mutmut/cache.py', 'mutmut/__main__.py']);
 * // { files: ['mutmut/cache.py'], unresolved: [] }
 */
export function resolveCitations(citations: readonly Citation[], tree: readonly string[]): ResolvedCitations {
  const paths = new Set(tree);
  const byBasename = new Map<string, string[]>();
  for (const path of tree) {
    const base = path.slice(path.lastIndexOf('/') + 1);
    byBasename.set(base, [...(byBasename.get(base) ?? []), path]);
  }
  const files: string[] = [];
  const unresolved: string[] = [];
  for (const { path } of citations) {
    const clean = path.replace(/^\.\//, '');
    const candidates = clean.includes('/') ? [] : (byBasename.get(clean) ?? []);
    const hit = paths.has(clean) ? clean : candidates.length === 1 ? candidates[0] : undefined;
    if (hit === undefined) unresolved.push(path);
    else if (!files.includes(hit)) files.push(hit);
  }
  return { files, unresolved };
}
