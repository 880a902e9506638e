import { maskCLike } from '../code-mask/c-like.js';

/**
 * Nesting depth (braces, parentheses and brackets together) at the end of each line of a C-like
 * source, skipping strings, template literals, character literals, regex literals (a `/` after an operator)
 * and comments (`maskCLike`); a line that ends inside a template literal or a block comment counts one deeper.
 *
 * @example
 * depthAtLineEnds(['function f() {', '  return "}";', '}']); // [1, 1, 0]
 */
export function depthAtLineEnds(lines: readonly string[]): number[] {
  const { code, open } = maskCLike(lines);
  const out: number[] = [];
  let depth = 0;
  code.forEach((line, n) => {
    for (let i = 0; i < line.length; i += 1) {
      const ch = line.charCodeAt(i);
      // { ( [ open, } ) ] close.
      if (ch === 123 || ch === 40 || ch === 91) depth += 1;
      else if ((ch === 125 || ch === 41 || ch === 93) && depth > 0) depth -= 1;
    }
    // Inside a template literal or a block comment counts one deeper: no declaration starts there.
    out.push(depth + (open[n] ? 1 : 0));
  });
  return out;
}

const CONTINUES = /(?:[=,|&+\-?:(]|=>)\s*$/;
const CONTINUED = /^\s*(?:[.?:|&+]|=>)/;

/** The first line of the comment block (`/** ... *\/`, `//`) directly above line `at`, or `at`. */
export function withLeadingComments(lines: readonly string[], at: number): number {
  let start = at;
  while (start > 0) {
    const above = lines[start - 1]!.trim();
    if (above.startsWith('//') || above.startsWith('/*') || above.startsWith('*') || above.startsWith('@'))
      start -= 1;
    else break;
  }
  return start;
}

/**
 * The 0-based last line of a declaration starting at line `from` whose depth before it is `depth`:
 * the first line from there that returns to that depth, does not end mid-expression and is not
 * followed by a line that continues it (`.method()`, `| Variant`).
 */
export function declarationEnd(
  lines: readonly string[],
  ends: readonly number[],
  from: number,
  depth: number,
): number {
  for (let j = from; j < lines.length; j += 1) {
    if (ends[j]! > depth || CONTINUES.test(lines[j]!.replace(/\/\/.*$/, ''))) continue;
    let next = j + 1;
    while (next < lines.length && lines[next]!.trim() === '') next += 1;
    if (next < lines.length && CONTINUED.test(lines[next]!)) continue;
    return j;
  }
  return lines.length - 1;
}

/** The depth at the start of each line: 0 for the first, then the previous line's end. */
export function depthAtLineStarts(ends: readonly number[]): number[] {
  return ends.map((_, i) => (i === 0 ? 0 : ends[i - 1]!));
}
