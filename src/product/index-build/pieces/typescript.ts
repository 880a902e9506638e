import { declarationEnd, depthAtLineEnds, depthAtLineStarts, withLeadingComments } from './brace-depth.js';
import { braceSignature as signatureOf } from './signature.js';
import type { CutContext, PieceKind, SymbolSpan } from './types.js';

const TOP =
  /^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(function\*?|class|interface|type|enum|const|let|var|namespace)\s+([A-Za-z_$][\w$]*)/;
const MEMBER =
  /^\s*(?:(?:public|private|protected|static|readonly|async|override|abstract|declare|get|set)\s+)*\*?\s*(#?[A-Za-z_$][\w$]*)\s*(?:<[^>]*>)?\s*(\(|=\s*(?:async\s+)?\([^)]*\)\s*(?::[^=]*)?=>)/;
const NOT_MEMBER = new Set([
  'if',
  'for',
  'while',
  'switch',
  'return',
  'catch',
  'function',
  'new',
  'await',
  'super',
]);
const ARROW_OR_FUNCTION =
  /=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*(?::[^=]*)?=>|[A-Za-z_$][\w$]*\s*=>|\(\s*$)/;

function kindOf(keyword: string, line: string): PieceKind {
  if (keyword.startsWith('function')) return 'function';
  if (keyword === 'class') return 'class';
  if (keyword === 'interface' || keyword === 'type' || keyword === 'enum' || keyword === 'namespace')
    return 'type';
  return ARROW_OR_FUNCTION.test(line) ? 'function' : 'variable';
}

/**
 * TypeScript and JavaScript declarations at the top level of a file (functions, classes,
 * interfaces, types, enums, consts) by brace matching, and the methods of classes. Qualified names
 * are `path/to/file.ts#name` and `path/to/file.ts#Class.method`.
 *
 * @example
 * cutTypeScript(['export function add(a: number, b: number) {', '  return a + b;', '}'], { path: 'src/m.ts' });
 * // [{ kind: 'function', name: 'add', qualified: 'src/m.ts#add', start: 1, end: 3, ... }]
 */
export function cutTypeScript(lines: readonly string[], context: CutContext): SymbolSpan[] {
  const ends = depthAtLineEnds(lines);
  const starts = depthAtLineStarts(ends);
  const out: SymbolSpan[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    if (starts[i] !== 0) continue;
    const match = TOP.exec(lines[i]!);
    if (match === null) continue;
    const keyword = match[1]!;
    const name = match[2]!;
    const end = declarationEnd(lines, ends, i, 0);
    const qualified = `${context.path}#${name}`;
    const start = withLeadingComments(lines, i);
    out.push({
      kind: kindOf(keyword, lines[i]!),
      name,
      qualified,
      start: start + 1,
      end: end + 1,
      signature: signatureOf(lines, i, end),
    });
    if (keyword === 'class') out.push(...members(lines, ends, starts, i, end, qualified, context.path));
    i = end;
  }
  return out;
}

function members(
  lines: readonly string[],
  ends: readonly number[],
  starts: readonly number[],
  from: number,
  to: number,
  parent: string,
  path: string,
): SymbolSpan[] {
  const out: SymbolSpan[] = [];
  const className = parent.slice(path.length + 1);
  for (let j = from + 1; j < to; j += 1) {
    if (starts[j] !== 1) continue;
    const match = MEMBER.exec(lines[j]!);
    if (match === null || NOT_MEMBER.has(match[1]!)) continue;
    const end = Math.min(declarationEnd(lines, ends, j, 1), to);
    const name = match[1]!;
    const start = withLeadingComments(lines, j);
    out.push({
      kind: 'method',
      name,
      qualified: `${path}#${className}.${name}`,
      start: start + 1,
      end: end + 1,
      signature: signatureOf(lines, j, end),
      parent,
    });
    j = end;
  }
  return out;
}
