/**
 * Nesting depth (braces, parentheses and brackets together) at the end of each line of a C-like
 * source, skipping strings, template literals, character literals, regex literals (a `/` after an operator)
 * and comments; a line that ends inside a template literal or a block comment counts one deeper.
 *
 * @example
 * depthAtLineEnds(['function f() {', '  return "}";', '}']); // [1, 1, 0]
 */
export function depthAtLineEnds(lines: readonly string[]): number[] {
  const out: number[] = [];
  let depth = 0;
  let inBlockComment = false;
  let inTemplate = false;
  for (const line of lines) {
    let i = 0;
    while (i < line.length) {
      const ch = line[i]!;
      const next = line[i + 1];
      if (inBlockComment) {
        if (ch === '*' && next === '/') {
          inBlockComment = false;
          i += 2;
        } else i += 1;
        continue;
      }
      if (inTemplate) {
        if (ch === '\\') i += 2;
        else {
          if (ch === '`') inTemplate = false;
          i += 1;
        }
        continue;
      }
      if (ch === '/' && next === '/') break;
      if (ch === '/' && next === '*') {
        inBlockComment = true;
        i += 2;
        continue;
      }
      if (ch === '`') {
        inTemplate = true;
        i += 1;
        continue;
      }
      if (ch === '"' || ch === "'") {
        i = skipQuoted(line, i);
        continue;
      }
      if (ch === '/' && startsRegex(line, i)) {
        i = skipRegex(line, i);
        continue;
      }
      if (ch === '{' || ch === '(' || ch === '[') depth += 1;
      else if ((ch === '}' || ch === ')' || ch === ']') && depth > 0) depth -= 1;
      i += 1;
    }
    // Inside a template literal or a block comment counts one deeper: no declaration starts there.
    out.push(depth + (inTemplate || inBlockComment ? 1 : 0));
  }
  return out;
}

const BEFORE_REGEX = /(?:^|[(,=:[!&|?{};+\-*%<>~^]|\breturn|\btypeof|\bcase)\s*$/;

/** A `/` starts a regex literal where a division could not stand: after an operator or `return`. */
function startsRegex(line: string, at: number): boolean {
  return BEFORE_REGEX.test(line.slice(0, at));
}

/** The index after a regex literal's closing `/`, or after the `/` when the line never closes it. */
function skipRegex(line: string, from: number): number {
  let inClass = false;
  for (let i = from + 1; i < line.length; i += 1) {
    const ch = line[i];
    if (ch === '\\') i += 1;
    else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '/' && !inClass) return i + 1;
  }
  return from + 1;
}

function skipQuoted(line: string, from: number): number {
  const quote = line[from];
  let i = from + 1;
  while (i < line.length) {
    if (line[i] === '\\') i += 2;
    else if (line[i] === quote) return i + 1;
    else i += 1;
  }
  return i;
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
