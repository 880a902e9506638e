/**
 * The lexical pieces the language tokenizers share: identifiers, numbers, and maximal-munch
 * operators. Structure markers are strings no real token can equal (a real string token keeps
 * its quotes), so a token stream is a plain `string[]`.
 */

export const NEWLINE = '\u0000NEWLINE';
export const INDENT = '\u0000INDENT';
export const DEDENT = '\u0000DEDENT';

/** An identifier or keyword; `$` is allowed where the language allows it. */
export const IDENTIFIER = /[\p{L}\p{Nl}_$][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$]*/uy;
export const PYTHON_IDENTIFIER = /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/uy;

/** A number literal in any of the supported languages: hex/octal/binary, decimals, exponents, suffixes. */
export const NUMBER =
  /0[xXoObB][0-9a-fA-F_]+[a-zA-Z]*|(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eEpP][+-]?\d[\d_]*)?[a-zA-Z]*/y;

/** Operators longest first, so the lexer takes the longest that fits (a union over the languages). */
export const OPERATORS = [
  '>>>=',
  '...',
  '===',
  '!==',
  '**=',
  '//=',
  '<<=',
  '>>=',
  '>>>',
  '&&=',
  '||=',
  '??=',
  '&^=',
  '=>',
  '->',
  ':=',
  '<-',
  '&^',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '??',
  '?.',
  '++',
  '--',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '@=',
  '**',
  '//',
  '<<',
  '>>',
  '::',
];

/** Reads a sticky regex at `at`; the matched text or `undefined`. */
export function readSticky(pattern: RegExp, source: string, at: number): string | undefined {
  pattern.lastIndex = at;
  return pattern.exec(source)?.[0];
}

/** The operator (or single punctuation character) starting at `at`. */
export function readOperator(source: string, at: number, operators: readonly string[] = OPERATORS): string {
  for (const op of operators) if (source.startsWith(op, at)) return op;
  return source[at]!;
}

/** Index just past a quoted string opened at `at` by `quote`; a backslash escapes the next character. */
export function skipQuoted(source: string, at: number, quote: string, stopAtNewline: boolean): number {
  let i = at + quote.length;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\') i += 2;
    else if (source.startsWith(quote, i)) return i + quote.length;
    else if (stopAtNewline && c === '\n') return i;
    else i++;
  }
  return source.length;
}
