/** A ready-made follow-up call a response offered: `→ get_symbol(target="pkg.mod.Cls")`. */
export interface Pointer {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
}

const ARROW = '→';
const NAME = /[A-Za-z_][A-Za-z0-9_.:-]*/y;
const KEY = /[A-Za-z_][A-Za-z0-9_-]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?(?=\s*[,)])/y;
const BARE = /[^\s,()"']+/y;
const SPACE = /\s*/y;

/** A tiny cursor over one pointer's text; every reader returns `undefined` when it cannot decode. */
class Cursor {
  constructor(
    readonly text: string,
    public at: number,
  ) {}

  match(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.at;
    const found = pattern.exec(this.text);
    if (found === null) return undefined;
    this.at += found[0].length;
    return found[0];
  }

  skipSpace(): void {
    this.match(SPACE);
  }

  eat(char: string): boolean {
    if (this.text[this.at] !== char) return false;
    this.at += 1;
    return true;
  }

  // A quoted string (JSON escapes for "..."; \\ and \' for '...') or a balanced JSON array/object.
  value(): unknown {
    const first = this.text[this.at];
    if (first === '"' || first === "'") return this.quoted(first);
    if (first === '[' || first === '{') return this.json();
    const number = this.match(NUMBER);
    if (number !== undefined) return Number(number);
    const bare = this.match(BARE);
    if (bare === undefined) return undefined;
    if (bare === 'true' || bare === 'True') return true;
    if (bare === 'false' || bare === 'False') return false;
    if (bare === 'null' || bare === 'None') return null;
    return bare;
  }

  private quoted(quote: string): string | undefined {
    let end = this.at + 1;
    while (end < this.text.length && this.text[end] !== quote) end += this.text[end] === '\\' ? 2 : 1;
    if (end >= this.text.length) return undefined;
    const body = this.text.slice(this.at + 1, end);
    this.at = end + 1;
    if (quote === "'") return body.replace(/\\(['\\])/g, '$1');
    // Without a backslash there is nothing to unescape: JSON.parse would give the body back.
    if (!body.includes('\\')) return body;
    try {
      return JSON.parse(`"${body}"`) as string;
    } catch {
      // Not JSON-escaped (a raw tab, a regex's `\d`): keep the text, unescaping only quotes.
      return body.replace(/\\(["\\])/g, '$1');
    }
  }

  private json(): unknown {
    let depth = 0;
    let end = this.at;
    for (; end < this.text.length; end += 1) {
      const char = this.text[end];
      if (char === '"') {
        end += 1;
        while (end < this.text.length && this.text[end] !== '"') end += this.text[end] === '\\' ? 2 : 1;
      } else if (char === '[' || char === '{') depth += 1;
      else if ((char === ']' || char === '}') && --depth === 0) break;
    }
    try {
      const parsed: unknown = JSON.parse(this.text.slice(this.at, end + 1));
      this.at = end + 1;
      return parsed;
    } catch {
      return undefined;
    }
  }
}

// Decodes `name(key=value, ...)` starting at `at`; `undefined` when it is not one.
function decodePointer(text: string, at: number): Pointer | undefined {
  const cursor = new Cursor(text, at);
  cursor.skipSpace();
  const tool = cursor.match(NAME);
  if (tool === undefined) return undefined;
  cursor.skipSpace();
  if (!cursor.eat('(')) return undefined;
  const args: Record<string, unknown> = {};
  cursor.skipSpace();
  if (cursor.eat(')')) return { tool, args };
  for (;;) {
    cursor.skipSpace();
    // A trailing comma before `)` is tolerated.
    if (cursor.eat(')')) return { tool, args };
    const key = cursor.match(KEY);
    if (key === undefined) return undefined;
    cursor.skipSpace();
    if (!cursor.eat('=') && !cursor.eat(':')) return undefined;
    cursor.skipSpace();
    const value = cursor.value();
    if (value === undefined) return undefined;
    args[key] = value;
    cursor.skipSpace();
    if (cursor.eat(')')) return { tool, args };
    if (!cursor.eat(',')) return undefined;
  }
}

/**
 * Every pointer in a response, in order. Tolerant: whatever precedes an arrow is ignored, a line
 * may hold several pointers, and a pointer that cannot be decoded is skipped (so is a line of them).
 *
 * @example
 * parsePointers('together: → get_symbol(target="pkg.mod.Cls")');
 * // [{ tool: 'get_symbol', args: { target: 'pkg.mod.Cls' } }]
 */
export function parsePointers(text: string): Pointer[] {
  const pointers: Pointer[] = [];
  // Arrows are found in the whole text; each is decoded on the rest of its line only, as if the
  // text had been split into lines (a blob is long, and most of its lines hold no arrow).
  let lineEnd = -1;
  for (let arrow = text.indexOf(ARROW); arrow !== -1; arrow = text.indexOf(ARROW, arrow + ARROW.length)) {
    const start = arrow + ARROW.length;
    if (start > lineEnd) {
      lineEnd = text.indexOf('\n', start);
      if (lineEnd === -1) lineEnd = text.length;
    }
    const pointer = decodePointer(text.slice(start, lineEnd), 0);
    if (pointer !== undefined) pointers.push(pointer);
  }
  return pointers;
}
