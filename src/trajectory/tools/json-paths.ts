import type { ResultRow } from '../schema.js';
import type { PathRule } from './path-rule.js';

/**
 * A JSON result read by its structure, never as text: the values of path-like keys (`path`,
 * `file_path`, `files`, `uri`, ...) and the strings of arrays that hold path-shaped strings are the
 * candidates, each put through the path rule; an object that names a path and a line (`line`,
 * `line_number`, `start`) is also a located row. A tree of `{name, children}` nodes (a
 * `directory_tree`) names each leaf by the names above it joined by `/`. An MCP text block (`{"type": "text", "text": ...}`,
 * as LangChain's tool messages carry results) is text, read as text, and so is a string value of
 * several lines (a listing a tool printed into its JSON); a one-line value of another key counts
 * only as a revision's file (`HEAD:a.py`, the part after the colon). A timestamp beside them is a
 * one-line value of another key, so it is never read as `x:12`.
 */

/** Keys whose string value (or strings of whose array value) name files, compared without case, `_` or `-`. */
const PATH_KEYS = new Set([
  'path',
  'paths',
  'file',
  'files',
  'filepath',
  'filepaths',
  'filename',
  'filenames',
  'fullpath',
  'absolutepath',
  'relativepath',
  'abspath',
  'relpath',
  'uri',
]);
/** `REV:path` with no space: a revision (no colon, no leading `/`) and a relative path after it. */
const REVISION_PATH = /^[\w.~^@{}/-]+:([^\s:/][^\s:]*)$/;
const LINE_KEYS = ['line', 'line_number', 'lineNumber', 'start', 'start_line', 'startLine', 'lineno'];
const END_KEYS = ['end', 'end_line', 'endLine'];

function isPathKey(key: string): boolean {
  return PATH_KEYS.has(key.toLowerCase().replace(/[_-]/g, ''));
}

function positiveInt(record: Record<string, unknown>, keys: readonly string[]): number | undefined {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  }
  return undefined;
}

/** What a JSON result names: its files in document order (each once), and its located rows. */
export interface JsonPaths {
  paths: string[];
  rows: ResultRow[];
}

/**
 * The files a parsed JSON result names under `rule`, and a row per object that names a file and a
 * line, in document order; `readText` reads the text of an MCP text block.
 *
 * @example
 * jsonPaths({ modified: '2026-12-04T20:06:17.217Z', results: [] }, pathRule(null)); // { paths: [], rows: [] }
 * jsonPaths({ matches: [{ file: 'a.py', line: 3 }] }, pathRule(null)); // { paths: ['a.py'], rows: [{ path: 'a.py', start: 3, end: 3 }] }
 */
export function jsonPaths(
  value: unknown,
  rule: PathRule,
  bases: readonly string[] = [],
  readText: (text: string) => JsonPaths = () => ({ paths: [], rows: [] }),
): JsonPaths {
  const paths: string[] = [];
  const rows: ResultRow[] = [];
  const take = (candidate: string, underPathKey: boolean): string | null => {
    const path = rule(candidate, underPathKey ? 'value' : 'line', bases);
    if (path !== null) paths.push(path);
    return path;
  };
  // A tree node: its name under its parent's; a node with children is a directory, a leaf a file.
  const node = (record: Record<string, unknown>, parent: string): boolean => {
    if (typeof record.name !== 'string' || record.name === '') return false;
    const children = record.children;
    const kind = record.type;
    if (!Array.isArray(children) && kind !== 'file' && kind !== 'directory' && kind !== 'dir') return false;
    const path = parent === '' ? record.name : `${parent}/${record.name}`;
    if (Array.isArray(children)) {
      for (const child of children)
        if (typeof child === 'object' && child !== null) node(child as Record<string, unknown>, path);
    } else if (kind === 'file') take(path, true);
    return true;
  };
  const readInner = (text: string): void => {
    const inner = readText(text);
    paths.push(...inner.paths);
    rows.push(...inner.rows);
  };
  const walk = (item: unknown, underPathKey: boolean): void => {
    if (typeof item === 'string') {
      if (underPathKey) take(item, true);
      // A value of many lines is text a tool printed into its JSON (git's `--stat`, a command's
      // output): read as text, under the same rule. One line beside it (a timestamp) is not.
      else if (item.includes('\n')) readInner(item);
      else {
        // A revision's file (`HEAD:shop/cart.py`, `v1.2:a.py`, as git names a blob): the part after
        // the colon, when the rule takes it.
        const blob = REVISION_PATH.exec(item);
        if (blob !== null) take(blob[1]!, true);
      }
    } else if (Array.isArray(item)) {
      // An array of strings names files when its strings are path-shaped, whatever its key.
      for (const entry of item) {
        if (typeof entry === 'string') take(entry, underPathKey);
        else walk(entry, false);
      }
    } else if (typeof item === 'object' && item !== null) {
      const record = item as Record<string, unknown>;
      if (record.type === 'text' && typeof record.text === 'string') {
        readInner(record.text);
        return;
      }
      if (!Object.keys(record).some(isPathKey) && node(record, '')) return;
      let located: string | null = null;
      for (const [key, entry] of Object.entries(record)) {
        if (typeof entry === 'string' && isPathKey(key)) located ??= take(entry, true);
        else walk(entry, isPathKey(key));
      }
      const start = positiveInt(record, LINE_KEYS);
      if (located !== null && start !== undefined)
        rows.push({ path: located, start, end: positiveInt(record, END_KEYS) ?? start });
    }
  };
  walk(value, false);
  return { paths: [...new Set(paths)], rows };
}
