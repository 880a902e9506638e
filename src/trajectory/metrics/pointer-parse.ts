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

// The ASCII arrow counts like `→` only where a pointer stands: after a space, a colon or the line's
// start, and before a space (`then: -> read_file(...)`), never inside code (`p->next()`).
function asciiArrowAt(text: string, at: number): boolean {
  const before = at === 0 ? '\n' : text[at - 1]!;
  const after = text[at + 2] ?? '';
  return /[\s:]/.test(before) && /[ \t]/.test(after);
}

// A line-numbered listing (`cat -n`, Claude Code's Read: `    12→import x`) puts an arrow after a
// line number: that is code, not an offered call.
function afterLineNumber(text: string, lineStart: number, arrow: number): boolean {
  return /^\s*\d+$/.test(text.slice(lineStart, arrow));
}

/**
 * Every pointer in a response, in order. Tolerant: whatever precedes an arrow is ignored, a line
 * may hold several pointers, and a pointer that cannot be decoded is skipped (so is a line of them).
 * The arrow is `→`, or `->` between spaces; an arrow right after a line number is a numbered
 * listing's, not a pointer.
 *
 * @example
 * parsePointers('together: → get_symbol(target="pkg.mod.Cls")');
 * // [{ tool: 'get_symbol', args: { target: 'pkg.mod.Cls' } }]
 * parsePointers('    12→print(x)'); // []: a line of a numbered listing
 */
export function parsePointers(text: string): Pointer[] {
  const pointers: Pointer[] = [];
  // Arrows are found in the whole text; each is decoded on the rest of its line only, as if the
  // text had been split into lines (a blob is long, and most of its lines hold no arrow). The next
  // arrow of each kind is kept, so the text is scanned once for each.
  let unicode = text.indexOf(ARROW);
  let ascii = nextAsciiArrow(text, 0);
  let lineStart = 0;
  let lineEnd = -1;
  while (unicode !== -1 || ascii !== -1) {
    const isUnicode = ascii === -1 || (unicode !== -1 && unicode < ascii);
    const at = isUnicode ? unicode : ascii;
    const start = at + (isUnicode ? ARROW.length : 2);
    if (isUnicode) unicode = text.indexOf(ARROW, start);
    else ascii = nextAsciiArrow(text, start);
    if (start > lineEnd) {
      lineStart = text.lastIndexOf('\n', at) + 1;
      lineEnd = text.indexOf('\n', start);
      if (lineEnd === -1) lineEnd = text.length;
    }
    if (afterLineNumber(text, lineStart, at)) continue;
    const pointer = decodePointer(text.slice(start, lineEnd), 0);
    if (pointer !== undefined) pointers.push(pointer);
  }
  return pointers;
}

// The next `->` at or after `from` that stands as an arrow; -1 when none.
function nextAsciiArrow(text: string, from: number): number {
  let at = text.indexOf('->', from);
  while (at !== -1 && !asciiArrowAt(text, at)) at = text.indexOf('->', at + 1);
  return at;
}
