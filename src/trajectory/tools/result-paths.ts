import type { ResultRow } from '../schema.js';
import { lineHit } from './identifiers.js';
import { jsonPaths } from './json-paths.js';
import { SOURCE_EXTENSIONS } from './path-grammar.js';
import { type PathRule, pathRule } from './path-rule.js';

/**
 * Reading the files and lines a tool result names, as the text extractor and the offline policy
 * both do: a JSON result by its structure (`json-paths.ts`), a text result line by line; every
 * candidate through one `PathRule` (the corpus when known, else the path grammar).
 */

function parseJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

/** Every string value of a JSON document, in document order. */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) stringsOf(item, out);
  return out;
}

// A token with a slash and a file extension (absolute or relative), or a bare file name with a
// known source extension; the rule then decides. A token a `/` follows is a directory (a dotted
// `/tmp/tmp.x1y2` cut short by a space in `/tmp/tmp.x1y2/agent track/...`), never a file.
const PATH_TOKEN = new RegExp(
  `(?:(?:(?<![\\w.-])/)?(?:[\\w.-]+/)+[\\w.-]*\\w\\.[A-Za-z0-9]+|\\b[\\w-]+\\.(?:${SOURCE_EXTENSIONS})\\b)(?![\\w/\\\\-])`,
  'g',
);
// A pointer line (`→ read_file(path="a.py")`) offers a call; it returns no file.
const POINTER = /^\s*(?:→|->)/;

/**
 * The lines of a tool result's text: for JSON, the lines of each string value (so pointer lines
 * inside a JSON field are seen); otherwise the text's own lines.
 *
 * @example
 * resultLines('{"hint": "→ read_file(path=\\"a.py\\")"}'); // ['→ read_file(path="a.py")']
 */
export function resultLines(text: string): string[] {
  const json = parseJson(text);
  const pieces = json === undefined ? [text] : stringsOf(json);
  return pieces.flatMap((piece) => piece.split(/\r?\n/));
}

/** The files a result names (each once, first appearance kept) and its located rows (a grep hit each). */
export interface ResultPaths {
  paths: string[];
  rows: ResultRow[];
}

/**
 * The files and located rows a result names under `rule` (`bases`: the directories the call named).
 * JSON: by its structure (an MCP text block's text read as text). Text, line by line: a whole line that is a file (a listing's line, spaces
 * and all); else a `path:line:` / `path-line-` hit (a row; the matched text after it is content, not
 * a path); else the path-shaped tokens of the line. Pointer lines are skipped.
 *
 * @example
 * readResult('shop/cart.py:14:    total = 0\nshop/tax.py:3:RATE = 0.2');
 * // { paths: ['shop/cart.py', 'shop/tax.py'], rows: [{ path: 'shop/cart.py', start: 14, end: 14 }, { path: 'shop/tax.py', start: 3, end: 3 }] }
 */
export function readResult(
  text: string,
  rule: PathRule = pathRule(null),
  bases: readonly string[] = [],
): ResultPaths {
  const json = parseJson(text);
  if (json !== undefined) return jsonPaths(json, rule, bases, (inner) => readResult(inner, rule, bases));
  const paths: string[] = [];
  const rows: ResultRow[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || POINTER.test(line)) continue;
    const whole = rule(line, 'line', bases);
    if (whole !== null) {
      paths.push(whole);
      continue;
    }
    const hit = lineHit(line, (path) => rule(path, 'value', bases));
    if (hit !== null) {
      paths.push(hit.path);
      rows.push({ path: hit.path, start: hit.line, end: hit.line });
      continue;
    }
    for (const match of line.matchAll(PATH_TOKEN)) {
      const path = rule(match[0], 'token', bases);
      if (path !== null) paths.push(path);
    }
  }
  return { paths: [...new Set(paths)], rows };
}

/**
 * File paths a tool result names, in order of first appearance (`readResult`'s paths): with no
 * rule, those shaped like paths.
 *
 * @example
 * pathsIn('{"results": [{"path": "src/a.py"}, {"path": "src/b.py"}]}'); // ['src/a.py', 'src/b.py']
 * pathsIn('{"modified": "2026-12-04T20:06:17.217Z", "results": []}');  // []
 */
export function pathsIn(text: string, rule: PathRule = pathRule(null)): string[] {
  return readResult(text, rule).paths;
}
