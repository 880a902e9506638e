/** A call a tool result points at: `→ get_symbol(target="pkg.mod.fn", depth=2)`. */
export interface Pointer {
  name: string;
  arguments: Record<string, unknown>;
}

const POINTER_LINE = /^\s*(?:→|->)\s*([A-Za-z_][\w.-]*)\((.*)\)\s*$/;
const KEY = /^\s*([A-Za-z_]\w*)\s*=\s*/;
const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/;
const WORD = /^(true|false|null)\b/;

// Reads one value at the start of `text`: a quoted string, a number, true/false/null, or a JSON
// array. Returns the value and the rest, or undefined when nothing parses.
function readValue(text: string): { value: unknown; rest: string } | undefined {
  const first = text[0];
  if (first === '"' || first === "'") {
    for (let end = 1; end < text.length; end += 1) {
      if (text[end] === '\\') {
        end += 1;
        continue;
      }
      if (text[end] !== first) continue;
      const body = text.slice(1, end);
      const value = first === '"' ? (JSON.parse(`"${body}"`) as string) : body.replace(/\\(.)/g, '$1');
      return { value, rest: text.slice(end + 1) };
    }
    return undefined;
  }
  if (first === '[') {
    for (let end = text.indexOf(']'); end !== -1; end = text.indexOf(']', end + 1)) {
      try {
        return { value: JSON.parse(text.slice(0, end + 1)) as unknown, rest: text.slice(end + 1) };
      } catch {
        // not yet balanced: try the next bracket
      }
    }
    return undefined;
  }
  const number = NUMBER.exec(text);
  if (number !== null) return { value: Number(number[0]), rest: text.slice(number[0].length) };
  const word = WORD.exec(text);
  if (word !== null) return { value: JSON.parse(word[1]!) as unknown, rest: text.slice(word[0].length) };
  return undefined;
}

/**
 * Parses the arguments of a pointer call, `arg="value", n=3`, into an object. Returns undefined for
 * anything else (positional arguments, unquoted words), so a malformed pointer is not followed.
 *
 * @example
 * parsePointerArguments('target="pkg.mod.fn", depth=2'); // { target: 'pkg.mod.fn', depth: 2 }
 */
export function parsePointerArguments(text: string): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  let rest = text.trim();
  while (rest.length > 0) {
    const key = KEY.exec(rest);
    if (key === null) return undefined;
    let value: ReturnType<typeof readValue>;
    try {
      value = readValue(rest.slice(key[0].length));
    } catch {
      return undefined;
    }
    if (value === undefined) return undefined;
    out[key[1]!] = value.value;
    rest = value.rest.trim();
    if (rest.startsWith(',')) rest = rest.slice(1).trim();
    else if (rest.length > 0) return undefined;
  }
  return out;
}

/**
 * The pointer lines of a text, in order: lines starting with `→` (or `->`) followed by a call.
 *
 * @example
 * pointersIn('2 results\n→ get_symbol(target="a.b")'); // [{ name: 'get_symbol', arguments: { target: 'a.b' } }]
 */
export function pointersIn(text: string): Pointer[] {
  const out: Pointer[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = POINTER_LINE.exec(line);
    if (match === null) continue;
    const args = parsePointerArguments(match[2]!);
    if (args !== undefined) out.push({ name: match[1]!, arguments: args });
  }
  return out;
}
