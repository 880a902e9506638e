import {
  DEDENT,
  INDENT,
  NEWLINE,
  NUMBER,
  PYTHON_IDENTIFIER,
  readOperator,
  readSticky,
  skipQuoted,
} from './lexemes.js';

const STRING_PREFIX = /(?:[rRbBuUfF]|[rR][bBfF]|[bBfF][rR])?(?:'''|"""|'|")/y;
const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);

/**
 * Python source as a token stream that ignores what does not change the code: whitespace inside a
 * line, comments, blank lines, line continuations, and string-only statements (docstrings). Block
 * structure survives as relative INDENT/DEDENT markers, so a method lifted out of its class and
 * re-indented yields the same stream. String literals are kept verbatim, prefix and quotes included.
 *
 * @example
 * pythonTokens('def f(x):\n    """Doc."""\n    return x  # done\n');
 * // ['def', 'f', '(', 'x', ')', ':', NEWLINE, INDENT, 'return', 'x', NEWLINE, DEDENT]
 */
export function pythonTokens(source: string): string[] {
  const out: string[] = [];
  const levels: number[] = [];
  let line: string[] = [];
  let onlyStrings = true;
  let indent = 0;
  let atLineStart = true;
  let depth = 0;

  const endLine = () => {
    if (line.length === 0) return;
    indentTo(indent);
    if (!onlyStrings) out.push(...line, NEWLINE);
    line = [];
    onlyStrings = true;
  };
  const indentTo = (column: number) => {
    if (levels.length === 0) {
      levels.push(column);
      return;
    }
    while (levels.length > 1 && column < levels.at(-1)!) {
      levels.pop();
      out.push(DEDENT);
    }
    if (column > levels.at(-1)!) {
      levels.push(column);
      out.push(INDENT);
    } else if (column < levels.at(-1)!) levels[0] = column;
  };

  let i = 0;
  while (i < source.length) {
    if (atLineStart) {
      let column = 0;
      while (i < source.length && ' \t\f'.includes(source[i]!)) {
        column = source[i] === '\t' ? column + 8 - (column % 8) : column + 1;
        i++;
      }
      const c = source[i];
      if (c === '#') {
        while (i < source.length && source[i] !== '\n') i++;
      } else if (c !== '\n' && c !== '\r' && c !== undefined) {
        indent = column;
        atLineStart = false;
        continue;
      }
      if (i < source.length) i++;
      continue;
    }
    const c = source[i]!;
    if (c === ' ' || c === '\t' || c === '\f' || c === '\r') i++;
    else if (c === '#') while (i < source.length && source[i] !== '\n') i++;
    else if (c === '\\' && (source[i + 1] === '\n' || source.startsWith('\r\n', i + 1))) {
      i += source[i + 1] === '\n' ? 2 : 3;
    } else if (c === '\n') {
      i++;
      if (depth === 0) {
        endLine();
        atLineStart = true;
      }
    } else {
      const start = i;
      const opening = readSticky(STRING_PREFIX, source, i);
      if (opening !== undefined) {
        const quote =
          opening.endsWith('"""') || opening.endsWith("'''") ? opening.slice(-3) : opening.slice(-1);
        i = skipQuoted(source, i + opening.length - quote.length, quote, quote.length === 1);
        line.push(source.slice(start, i));
        continue;
      }
      onlyStrings = false;
      const word =
        readSticky(PYTHON_IDENTIFIER, source, i) ??
        (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(source[i + 1] ?? ''))
          ? readSticky(NUMBER, source, i)
          : undefined);
      const token = word ?? readOperator(source, i);
      i += token.length;
      if (OPENERS.has(token)) depth++;
      else if (CLOSERS.has(token)) depth = Math.max(0, depth - 1);
      line.push(token);
    }
  }
  endLine();
  while (levels.length > 1) {
    levels.pop();
    out.push(DEDENT);
  }
  return out;
}
