import { maskCLike } from '../code-mask/c-like.js';
import type { SymbolSpan } from '../pieces/types.js';
import { callUses } from './call-uses.js';
import type { FileUses, ImportUse, NameUse } from './types.js';

const IMPORT_ONE = /^import\s+(?:([A-Za-z_]\w*|\.)\s+)?"([^"]+)"/;
const IMPORT_SPEC = /^\s*(?:([A-Za-z_]\w*|\.)\s+)?"([^"]+)"/;
/** A struct or interface body line that is only a type name (`Base`, `*pkg.Base`): an embedded type. */
const EMBEDDED = /^\s*\*?\s*(?:([A-Za-z_]\w*)\s*\.\s*)?([A-Za-z_]\w*)\s*$/;
const RECEIVER = /^func\s*\(\s*([A-Za-z_]\w*)\s/;

function importUse(line: number, alias: string | undefined, path: string): ImportUse {
  // `_` and `.` bind no name a call could be reached through.
  const binds = alias === '_' || alias === '.' ? null : (alias ?? path.slice(path.lastIndexOf('/') + 1));
  return { line, target: { language: 'go', path }, names: [], binds };
}

function importsOf(lines: readonly string[], code: readonly string[]): ImportUse[] {
  const out: ImportUse[] = [];
  for (let i = 0; i < code.length; i += 1) {
    if (!/^import\b/.test(code[i]!)) continue;
    const one = IMPORT_ONE.exec(lines[i]!);
    if (one) {
      out.push(importUse(i + 1, one[1], one[2]!));
      continue;
    }
    if (!/^import\s*\(/.test(code[i]!)) continue;
    for (let j = i + 1; j < code.length && !/^\s*\)/.test(code[j]!); j += 1) {
      const spec = IMPORT_SPEC.exec(lines[j]!);
      if (spec) out.push(importUse(j + 1, spec[1], spec[2]!));
    }
  }
  return out;
}

/**
 * What a Go file refers to: its imports (each binding its package's name, or its alias), the
 * types its structs and interfaces embed, and its calls (a method's receiver reaches its type;
 * interface bodies hold method specs, not calls).
 *
 * @example
 * goUses(['package server', '', 'import "example.com/kv/store"'], []).imports;
 * // [{ line: 3, target: { language: 'go', path: 'example.com/kv/store' }, names: [], binds: 'store' }]
 */
export function goUses(lines: readonly string[], symbols: readonly SymbolSpan[]): FileUses {
  const { code } = maskCLike(lines);
  const receivers: { start: number; end: number; name: string }[] = [];
  const skipLines = new Set<number>();
  const embeds: NameUse[] = [];
  for (const symbol of symbols) {
    const receiver = symbol.kind === 'method' ? RECEIVER.exec(symbol.signature) : null;
    if (receiver) receivers.push({ start: symbol.start, end: symbol.end, name: receiver[1]! });
    const body = /^type\s+\w+\s+(struct|interface)\s*$/.exec(symbol.signature)?.[1];
    if (body === undefined) continue;
    for (let line = symbol.start + 1; line < symbol.end; line += 1) {
      if (body === 'interface') skipLines.add(line);
      const embedded = EMBEDDED.exec(code[line - 1]!);
      if (embedded === null) continue;
      const [, receiverName, name] = embedded;
      embeds.push({
        kind: 'inherits',
        name: name!,
        line,
        via: receiverName ? 'member' : 'bare',
        receiver: receiverName ?? null,
      });
    }
  }
  const selfNames = (line: number) =>
    receivers.filter((r) => r.start <= line && line <= r.end).map((r) => r.name);
  return {
    imports: importsOf(lines, code),
    uses: [...callUses(code, symbols, { selfNames, skipLines }), ...embeds],
  };
}
