import { blankedLine } from './blanked-line.js';
/** A source with its non-code blanked: each line as long as before, comments and literals spaces. */
export interface MaskedLines {
  /** The lines with strings, template literals, character and regex literals and comments blanked. */
  code: string[];
  /** Whether each line ends inside a template literal or a block comment. */
  open: boolean[];
}

/** A line without these characters holds no literal and no comment. */
const NON_CODE_START = /[/"'`]/;
const NON_CODE = /[/"'`]/g;

// The cutter and the reference scan read the same lines: each file is masked once.
const masked = new WeakMap<readonly string[], MaskedLines>();

/**
 * The code of a C-like source (TypeScript, JavaScript, Go) with every string, template literal,
 * character literal, regex literal (a `/` after an operator) and comment replaced by spaces, so a
 * scan for brackets or identifiers sees code only and every column stays where it was.
 *
 * @example
 * maskCLike(['f("a(b)"); // g()']).code; // ['f(      );       ']
 */
export function maskCLike(lines: readonly string[]): MaskedLines {
  const known = masked.get(lines);
  if (known !== undefined) return known;
  const code: string[] = [];
  const open: boolean[] = [];
  let inBlockComment = false;
  let inTemplate = false;
  for (const line of lines) {
    if (!inBlockComment && !inTemplate && !NON_CODE_START.test(line)) {
      code.push(line);
      open.push(false);
      continue;
    }
    const masked = blankedLine(line);
    const blank = masked.blank;
    let i = 0;
    while (i < line.length) {
      if (inBlockComment) {
        const close = line.indexOf('*/', i);
        const end = close < 0 ? line.length : close + 2;
        inBlockComment = close < 0;
        blank(i, end);
        i = end;
        continue;
      }
      if (inTemplate) {
        let j = i;
        while (j < line.length && line[j] !== '`') j += line[j] === '\\' ? 2 : 1;
        if (j < line.length) {
          inTemplate = false;
          j += 1;
        }
        blank(i, j);
        i = j;
        continue;
      }
      NON_CODE.lastIndex = i;
      const found = NON_CODE.exec(line);
      if (found === null) break;
      i = found.index;
      const ch = line[i]!;
      const next = line[i + 1];
      if (ch === '/' && next === '/') {
        blank(i, line.length);
        break;
      }
      let end = i;
      if (ch === '/' && next === '*') {
        inBlockComment = true;
        end = i + 2;
      } else if (ch === '`') {
        inTemplate = true;
        end = i + 1;
      } else if (ch === '"' || ch === "'") end = skipQuoted(line, i);
      else if (ch === '/' && startsRegex(line, i)) end = skipRegex(line, i);
      if (end === i) {
        i += 1;
        continue;
      }
      blank(i, end);
      i = end;
    }
    code.push(masked.text());
    open.push(inTemplate || inBlockComment);
  }
  const result = { code, open };
  masked.set(lines, result);
  return result;
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
