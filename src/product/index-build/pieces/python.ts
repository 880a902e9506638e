import { maskPython } from '../code-mask/python.js';
import type { CutContext, SymbolSpan } from './types.js';

const DECLARATION = /^(\s*)(?:async\s+)?(def|class)\s+([A-Za-z_]\w*)/;
/** Decorators and comments directly above a declaration belong to it. */
const LEADING = /^\s*[@#]/;

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** Marks the lines that start inside a triple-quoted string, so their indentation is ignored. */
function stringLines(lines: readonly string[]): boolean[] {
  const { open } = maskPython(lines);
  return open.map((_, i) => i > 0 && open[i - 1]!);
}

/**
 * Python declarations by indentation: top-level functions and classes, and the methods and
 * nested classes of classes (functions inside functions stay part of their parent). Qualified
 * names are module paths: `pkg.mod.Cls.method`.
 *
 * @example
 * cutPython(['class A:', '    def f(self):', '        return 1'], { path: 'p/m.py', module: 'p.m' });
 * // [{ kind: 'class', qualified: 'p.m.A', start: 1, end: 3, ... }, { kind: 'method', qualified: 'p.m.A.f', start: 2, end: 3, ... }]
 */
export function cutPython(lines: readonly string[], context: CutContext): SymbolSpan[] {
  const inString = stringLines(lines);
  const module = context.module ?? context.path.replace(/\.py$/, '').replaceAll('/', '.');
  const out: SymbolSpan[] = [];
  const stack: { indent: number; qualified: string; kind: 'def' | 'class' }[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (inString[i]) continue;
    const match = DECLARATION.exec(lines[i]!);
    if (match === null) continue;
    const indent = match[1]!.length;
    while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent?.kind === 'def') continue;
    if (parent === undefined && indent > 0) continue;
    const name = match[3]!;
    const qualified = `${parent?.qualified ?? module}.${name}`;
    let start = i;
    while (start > 0 && LEADING.test(lines[start - 1]!) && indentOf(lines[start - 1]!) === indent) start -= 1;
    const end = blockEnd(lines, inString, i, indent);
    const kind = match[2] === 'class' ? 'class' : parent ? 'method' : 'function';
    out.push({
      kind,
      name,
      qualified,
      start: start + 1,
      end: end + 1,
      signature: signatureOf(lines, i, end),
      ...(parent ? { parent: parent.qualified } : {}),
    });
    stack.push({ indent, qualified, kind: match[2] === 'class' ? 'class' : 'def' });
  }
  return out;
}

/** The last non-blank line of the block opened at `from` (0-based). */
function blockEnd(
  lines: readonly string[],
  inString: readonly boolean[],
  from: number,
  indent: number,
): number {
  let last = from;
  for (let j = from + 1; j < lines.length; j += 1) {
    const text = lines[j]!;
    const trimmed = text.trim();
    if (trimmed === '' || (!inString[j] && trimmed.startsWith('#'))) continue;
    if (!inString[j] && indentOf(text) <= indent && !/^[)\]}]/.test(trimmed)) break;
    last = j;
  }
  return last;
}

function signatureOf(lines: readonly string[], from: number, end: number): string {
  const out: string[] = [];
  for (let j = from; j <= Math.min(end, from + 5); j += 1) {
    out.push(lines[j]!.trim());
    if (/:\s*(#.*)?$/.test(lines[j]!)) break;
  }
  return out.join(' ');
}
