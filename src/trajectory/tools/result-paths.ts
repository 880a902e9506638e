/**
 * Reading the paths and lines of a tool result's text, as the text extractor and the offline
 * policy both do: JSON (an MCP `structuredContent`-like object) when it parses, plain text otherwise.
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

const PATH_KEYS = new Set(['path', 'file', 'file_path', 'filepath']);

function jsonPaths(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) jsonPaths(item, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (PATH_KEYS.has(key) && typeof item === 'string' && item.length > 0) out.push(item);
      else jsonPaths(item, out);
    }
  }
  return out;
}

const EXTENSIONS =
  'py|pyi|ts|tsx|js|jsx|mjs|cjs|go|rs|java|kt|scala|c|h|cc|cpp|hpp|cs|rb|php|swift|m|md|rst|txt|json|yaml|yml|toml|ini|cfg|sh|sql|html|css|vue';
// A token with a slash and a file extension (absolute or relative), or a bare file name with a
// known source extension.
const PATH_TOKEN = new RegExp(
  `(?:(?<![\\w.-])/)?(?:[\\w.-]+/)+[\\w.-]*\\w\\.[A-Za-z0-9]+|\\b[\\w-]+\\.(?:${EXTENSIONS})\\b`,
  'g',
);

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

/**
 * File paths a tool result names, in order of first appearance: from `path`-like keys when the
 * result is JSON, else path-looking tokens of the text (pointer lines excluded).
 *
 * @example
 * pathsIn('{"results": [{"path": "src/a.py"}, {"path": "src/b.py"}]}'); // ['src/a.py', 'src/b.py']
 */
export function pathsIn(text: string): string[] {
  const json = parseJson(text);
  let found = json === undefined ? [] : jsonPaths(json);
  if (found.length === 0) {
    const lines = resultLines(text).filter((line) => !/^\s*(?:→|->)/.test(line));
    found = lines.flatMap((line) => [...line.matchAll(PATH_TOKEN)].map((match) => match[0]));
  }
  return [...new Set(found)];
}
