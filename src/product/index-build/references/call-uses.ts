import type { SymbolSpan } from '../pieces/types.js';
import type { NameUse } from './types.js';

/** A name after one of these declares it (`def f(`, `function f(`, `func f(`): not a call. */
const DECLARING = new Set(['def', 'class', 'function', 'func', 'interface', 'type']);
const BLANK_OR_DECORATOR = /^\s*(?:@|$)/;

function isNameChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 95 ||
    code === 36
  );
}

function skipSpaceBack(text: string, at: number): number {
  let i = at;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i -= 1;
  return i;
}

/** The name ending at `end` (inclusive): its first index, or `end + 1` when there is none. */
function nameStart(text: string, end: number): number {
  let i = end;
  while (i >= 0 && isNameChar(text.charCodeAt(i))) i -= 1;
  // A name does not start with a digit.
  while (i + 1 <= end && text.charCodeAt(i + 1) >= 48 && text.charCodeAt(i + 1) <= 57) i += 1;
  return i + 1;
}

/**
 * What stands before a name at `start` through a `.` (or `?.`): null when it is not a member; its
 * dotted receiver (`a.b`), or null for an expression (`f().x`), and whether that is Python's `super()`.
 */
function receiverBefore(
  text: string,
  start: number,
): { receiver: string | null; afterSuper: boolean } | null {
  let cursor = skipSpaceBack(text, start - 1);
  if (text[cursor] !== '.') return null;
  const parts: string[] = [];
  while (text[cursor] === '.') {
    const end = skipSpaceBack(text, text[cursor - 1] === '?' ? cursor - 2 : cursor - 1);
    const partStart = nameStart(text, end);
    if (partStart > end) {
      const afterSuper = parts.length === 0 && /(?:^|[^\w$.])super\s*\(\s*\)\s*$/.test(text.slice(0, cursor));
      return { receiver: null, afterSuper };
    }
    parts.unshift(text.slice(partStart, end + 1));
    cursor = skipSpaceBack(text, partStart - 1);
  }
  return { receiver: parts.join('.'), afterSuper: false };
}

/** Whether the name at `start` follows `def`, `class`, `function`, `function*` or `func`. */
function declares(text: string, start: number): boolean {
  let end = skipSpaceBack(text, start - 1);
  if (text[end] === '*') end = skipSpaceBack(text, end - 1);
  const word = nameStart(text, end);
  return word <= end && DECLARING.has(text.slice(word, end + 1));
}

export interface CallScanOptions {
  /** The names that mean the enclosing class's instance at a line (`self`, `this`, a Go receiver). */
  selfNames: (line: number) => readonly string[];
  /** 1-based lines holding no calls (the members of an interface or a type literal look like calls). */
  skipLines?: ReadonlySet<number>;
}

/**
 * The calls in a file's masked code (literals and comments blanked): every name directly followed by
 * `(` (read backwards from each `(`, with the dotted receiver before it), with how it is reached
 * (bare, through the instance, through `super`, through a receiver). A declaration is not a call:
 * the name a symbol declares on its declaration line, and any name after `def`, `class`,
 * `function` or `func`.
 *
 * @example
 * callUses(['def f(x):', '    return g(x) + self.h()'], [{ kind: 'function', name: 'f', qualified: 'm.f', start: 1, end: 2, signature: 'def f(x):' }], { selfNames: () => ['self'] });
 * // [{ kind: 'call', name: 'g', line: 2, via: 'bare', receiver: null }, { kind: 'call', name: 'h', line: 2, via: 'self', receiver: 'self' }]
 */
export function callUses(
  code: readonly string[],
  symbols: readonly SymbolSpan[],
  options: CallScanOptions,
): NameUse[] {
  const declared = new Map<number, Set<string>>();
  for (const symbol of symbols) {
    // The declaration line: past the symbol's leading comments (blank once masked) and decorators.
    let line = symbol.start;
    while (line < symbol.end && BLANK_OR_DECORATOR.test(code[line - 1] ?? '')) line += 1;
    const names = declared.get(line) ?? new Set<string>();
    names.add(symbol.name);
    declared.set(line, names);
  }
  const out: NameUse[] = [];
  code.forEach((text, index) => {
    const line = index + 1;
    if (options.skipLines?.has(line) || !text.includes('(')) return;
    const here = declared.get(line);
    const skipOnce = here === undefined ? null : new Set(here);
    for (let paren = text.indexOf('('); paren >= 0; paren = text.indexOf('(', paren + 1)) {
      const end = skipSpaceBack(text, paren - 1);
      const start = nameStart(text, end);
      if (start > end) continue;
      const name = text.slice(start, end + 1);
      const chain = receiverBefore(text, start);
      if (chain === null) {
        if (declares(text, start) || skipOnce?.delete(name)) continue;
        out.push({ kind: 'call', name, line, via: 'bare', receiver: null });
        continue;
      }
      const { receiver } = chain;
      const via =
        receiver === 'super' || chain.afterSuper
          ? 'super'
          : receiver !== null && options.selfNames(line).includes(receiver)
            ? 'self'
            : 'member';
      out.push({ kind: 'call', name, line, via, receiver });
    }
  });
  return out;
}
