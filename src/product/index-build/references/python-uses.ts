import { maskPython } from '../code-mask/python.js';
import type { SymbolSpan } from '../pieces/types.js';
import { baseUses } from './base-names.js';
import { callUses } from './call-uses.js';
import type { FileUses, ImportUse } from './types.js';

const IMPORT = /^\s*import\s+(.+)$/;
const FROM = /^\s*from\s+(\.*)([\w.]*)\s+import\s+(.+)$/;
const CLASS = /^\s*class\s+[A-Za-z_]\w*\s*\(/;

/** A statement from line `from` (0-based) joined with its continuation lines (open parentheses, `\`). */
function statement(code: readonly string[], from: number): string {
  let text = code[from]!;
  let next = from + 1;
  const opens = (s: string) => (s.match(/\(/g)?.length ?? 0) - (s.match(/\)/g)?.length ?? 0);
  while (next < code.length && next < from + 50 && (opens(text) > 0 || /\\\s*$/.test(text))) {
    text = `${text.replace(/\\\s*$/, '')} ${code[next]}`;
    next += 1;
  }
  return text;
}

/** `a as b, c` (or `(a as b, c)`) as names with their local aliases. */
function namesOf(list: string): { name: string; alias: string }[] {
  return list
    .replace(/[()]/g, ' ')
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter(([name]) => name !== undefined && /^[\w.]+$/.test(name))
    .map(([name, alias]) => ({ name: name!, alias: alias?.trim() || name! }));
}

function importsOf(code: readonly string[]): ImportUse[] {
  const out: ImportUse[] = [];
  code.forEach((text, i) => {
    const from = FROM.exec(text);
    if (from) {
      const names = statement(code, i).replace(FROM, '$3');
      const all = names.trim() === '*';
      out.push({
        line: i + 1,
        target: { language: 'python', module: from[2]!, level: from[1]!.length },
        names: all ? [] : namesOf(names),
        binds: null,
        ...(all ? { reexportsAll: true } : {}),
      });
      return;
    }
    const plain = IMPORT.exec(text);
    if (!plain) return;
    for (const { name, alias } of namesOf(statement(code, i).replace(IMPORT, '$1'))) {
      out.push({
        line: i + 1,
        target: { language: 'python', module: name, level: 0 },
        names: [],
        binds: alias,
      });
    }
  });
  return out;
}

/**
 * What a Python file refers to: its imports (`import a.b as c`, `from ..a import b`), the bases
 * of its classes (`class A(B, mod.C)`) and its calls (`self` and `cls` reach the enclosing class).
 *
 * @example
 * pythonUses(['from .pricing import apply_discount', '', 'def total(c):', '    return apply_discount(c)'], symbols).imports[0]?.names;
 * // [{ name: 'apply_discount', alias: 'apply_discount' }]
 */
export function pythonUses(lines: readonly string[], symbols: readonly SymbolSpan[]): FileUses {
  const { code } = maskPython(lines);
  const uses = callUses(code, symbols, { selfNames: () => ['self', 'cls'] });
  for (const symbol of symbols) {
    if (symbol.kind !== 'class') continue;
    for (let i = symbol.start - 1; i < symbol.end; i += 1) {
      if (!CLASS.test(code[i]!)) continue;
      const head = statement(code, i);
      const open = head.indexOf('(');
      let depth = 0;
      let close = open;
      for (; close < head.length; close += 1) {
        if (head[close] === '(') depth += 1;
        else if (head[close] === ')' && --depth === 0) break;
      }
      uses.push(...baseUses(head.slice(open + 1, close), i + 1));
      break;
    }
  }
  return { imports: importsOf(code), uses };
}
