import { blankedLine } from './blanked-line.js';
import type { MaskedLines } from './c-like.js';

const STRING_START = /^(?:[rRbBuUfF]{1,2})?("""|'''|"|')/;
/** A line without these characters holds no string and no comment. */
const NON_CODE_START = /[#"']/;
const QUOTE_OR_PREFIX = new Set(`"'rRbBuUfF`);

/**
 * The code of a Python source with every string (single-quoted, triple-quoted across lines, with
 * any `r`/`b`/`u`/`f` prefix) and every `#` comment replaced by spaces, columns kept; `open` marks
 * the lines that end inside a triple-quoted string.
 *
 * @example
 * maskPython(['x = f("a(b)")  # g()']).code; // ['x = f(      )       ']
 */
export function maskPython(lines: readonly string[]): MaskedLines {
  const code: string[] = [];
  const open: boolean[] = [];
  let triple: string | null = null;
  for (const line of lines) {
    if (triple === null && !NON_CODE_START.test(line)) {
      code.push(line);
      open.push(false);
      continue;
    }
    const masked = blankedLine(line);
    const blank = masked.blank;
    let i = 0;
    if (triple !== null) {
      const close = closingQuote(line, 0, triple);
      blank(0, close);
      if (close > line.length) i = line.length;
      else {
        i = close;
        triple = null;
      }
    }
    while (i < line.length) {
      const ch = line[i]!;
      if (ch === '#') {
        blank(i, line.length);
        break;
      }
      // A prefix letter only starts a string directly before a quote, never inside a name.
      const start =
        !QUOTE_OR_PREFIX.has(ch) || /\w/.test(line[i - 1] ?? '')
          ? null
          : STRING_START.exec(line.slice(i, i + 5));
      if (start === null) {
        i += 1;
        continue;
      }
      const quote = start[1]!;
      const close = closingQuote(line, i + start[0].length, quote);
      blank(i, close);
      if (close > line.length && quote.length === 3) triple = quote;
      i = close;
    }
    code.push(masked.text());
    open.push(triple !== null);
  }
  return { code, open };
}

/** The index after the quote closing a string whose text starts at `from`; past the line when it does not close there. */
function closingQuote(line: string, from: number, quote: string): number {
  let i = from;
  while (i < line.length) {
    if (line[i] === '\\') i += 2;
    else if (line.startsWith(quote, i)) return i + quote.length;
    else i += 1;
  }
  return line.length + 1;
}
