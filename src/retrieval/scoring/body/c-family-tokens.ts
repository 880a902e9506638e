import { IDENTIFIER, NUMBER, readOperator, readSticky, skipQuoted } from './lexemes.js';

/** What differs between the brace languages the tokenizer reads. */
export interface CFamilyProfile {
  /** Backticks open a JS template literal (`${...}` nests) rather than a Go raw string. */
  readonly templateLiterals: boolean;
  /** A `/` where an operand is expected opens a regex literal (JS/TS). */
  readonly regexLiterals: boolean;
}

export const JAVASCRIPT_PROFILE: CFamilyProfile = { templateLiterals: true, regexLiterals: true };
export const GO_PROFILE: CFamilyProfile = { templateLiterals: false, regexLiterals: false };

const CLOSERS = new Set([')', ']', '}']);
// After these a `/` is an operand (a regex), not division.
const KEYWORDS_BEFORE_OPERAND = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

/**
 * Brace-language source (TypeScript/JavaScript, Go, and C-like ones) as a token stream that drops
 * whitespace, `//` and `/* *\/` comments, `;` (so ASI and gofmt styles compare equal) and a comma
 * right before a closing bracket (a formatter's trailing comma). String, rune and regex literals
 * and the literal chunks of a template are kept verbatim; a template's `${...}` expressions are
 * tokenized as code.
 *
 * @example
 * cFamilyTokens('const a = [1, 2,]; // two', JAVASCRIPT_PROFILE);
 * // ['const', 'a', '=', '[', '1', ',', '2', ']']
 */
export function cFamilyTokens(source: string, profile: CFamilyProfile): string[] {
  const out: string[] = [];
  const push = (token: string) => {
    if (CLOSERS.has(token) && out.at(-1) === ',') out.pop();
    out.push(token);
  };
  // Brace depth, and the depths at which an open template literal's `${` expressions began.
  let depth = 0;
  const templates: number[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (source.startsWith('//', i)) {
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    if (source.startsWith('/*', i)) {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 2;
      continue;
    }
    const start = i;
    if (c === '"' || c === "'") i = skipQuoted(source, i, c, true);
    else if (c === '`' && !profile.templateLiterals) i = skipRaw(source, i);
    else if (c === '`' || (c === '}' && templates.at(-1) === depth)) {
      if (c === '}') templates.pop();
      i = skipTemplateChunk(source, i);
      if (source.startsWith('${', i - 2)) templates.push(depth);
    } else if (c === '/' && profile.regexLiterals && operandExpected(out.at(-1))) i = skipRegex(source, i);
    if (i > start) {
      push(source.slice(start, i));
      continue;
    }
    const token =
      readSticky(IDENTIFIER, source, i) ??
      (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(source[i + 1] ?? ''))
        ? readSticky(NUMBER, source, i)
        : undefined) ??
      readOperator(source, i);
    i += token.length;
    if (token === '{') depth++;
    else if (token === '}') depth--;
    if (token !== ';') push(token);
  }
  return out;
}

function operandExpected(previous: string | undefined): boolean {
  if (previous === undefined) return true;
  if (KEYWORDS_BEFORE_OPERAND.has(previous)) return true;
  if (/^[\p{L}\p{N}_$'"`]/u.test(previous)) return false;
  return !CLOSERS.has(previous);
}

function skipRaw(source: string, at: number): number {
  const end = source.indexOf('`', at + 1);
  return end === -1 ? source.length : end + 1;
}

// One literal chunk of a template, from its opening backtick or the `}` closing an expression, up
// to and including the next `${` or the closing backtick. Expressions are tokenized as code.
function skipTemplateChunk(source: string, at: number): number {
  let i = at + 1;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') i += 2;
    else if (c === '`') return i + 1;
    else if (source.startsWith('${', i)) return i + 2;
    else i++;
  }
  return source.length;
}

// `/.../flags`; a `/` inside a character class does not close it.
function skipRegex(source: string, at: number): number {
  let i = at + 1;
  let inClass = false;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') i += 2;
    else if (c === '\n') return i;
    else if (c === '[') {
      inClass = true;
      i++;
    } else if (c === ']') {
      inClass = false;
      i++;
    } else if (c === '/' && !inClass) {
      i++;
      while (i < source.length && /[a-z]/i.test(source[i]!)) i++;
      return i;
    } else i++;
  }
  return source.length;
}
