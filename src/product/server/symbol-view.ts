import type { CorpusReader, SymbolRow } from './corpus-reader.js';
import { numberedLines } from './numbered-lines.js';
import type { Pointer } from './pointers.js';

export type SymbolDepth = 'signature' | 'source';

/** One rendered symbol: its text block, identifiers, structured record and pointers. */
export interface SymbolView {
  text: string;
  identifiers: string[];
  record: Record<string, unknown>;
  pointers: Pointer[];
}

/** The last line of a symbol's head: leading comments, the declaration, and a Python docstring. */
function headEnd(lines: readonly string[], symbol: SymbolRow): number {
  const probe = symbol.signature.split(' ').slice(0, 2).join(' ');
  let line = symbol.start;
  while (line < symbol.end && !lines[line - 1]!.includes(probe)) line += 1;
  const python = /\.pyi?$/.test(symbol.path);
  const opensBody = python ? /:\s*(#.*)?$/ : /[{;]|^\s*#/;
  const limit = Math.min(symbol.end, line + 5);
  while (line < limit && !opensBody.test(lines[line - 1]!)) line += 1;
  const opener = lines[line]?.trim() ?? '';
  if (python && /^[rbuRBU]?("""|''')/.test(opener)) {
    const quote = opener.includes('"""') ? '"""' : "'''";
    let end = line + 1;
    if (opener.indexOf(quote) === opener.lastIndexOf(quote)) {
      while (end < symbol.end && !lines[end]!.includes(quote)) end += 1;
      end += 1;
    }
    return Math.min(end, line + 8, symbol.end);
  }
  return Math.min(line, symbol.end);
}

/**
 * Renders a symbol at a depth: `signature` shows its head (docs and declaration) and, for a class,
 * its members; `source` shows its lines, up to `maxLines`, with a pointer onwards when cut.
 *
 * @example
 * symbolView(reader, symbol, 'signature', 400).text;
 */
export function symbolView(
  reader: CorpusReader,
  symbol: SymbolRow,
  depth: SymbolDepth,
  maxLines: number,
): SymbolView {
  const lines = reader.fileById(symbol.file_id)?.lines ?? [];
  const header = `${symbol.qualified}  (${symbol.kind})  ${symbol.path}:${symbol.start}-${symbol.end}`;
  const members = reader.membersOf(symbol.qualified);
  const pointers: Pointer[] = [];
  const parts = [header];
  let shownEnd: number;
  if (depth === 'signature') {
    shownEnd = headEnd(lines, symbol);
    parts.push(numberedLines(lines, symbol.start, shownEnd));
    if (members.length > 0) {
      parts.push(`members (${members.length}):`);
      for (const member of members)
        parts.push(`  ${member.name}  (${member.kind}, ${member.start}-${member.end})  ${member.signature}`);
    }
    pointers.push({ label: 'then', tool: 'get_symbol', args: { target: symbol.qualified, depth: 'source' } });
    if (members.length > 1) {
      pointers.push({
        label: 'together',
        tool: 'get_symbols',
        args: { targets: members.slice(0, 5).map((m) => m.qualified), depth: 'source' },
      });
    }
  } else {
    shownEnd = Math.min(symbol.end, symbol.start + maxLines - 1);
    parts.push(numberedLines(lines, symbol.start, shownEnd));
    if (shownEnd < symbol.end) {
      parts.push(`… ${symbol.end - shownEnd} more lines`);
      pointers.push({
        label: 'then',
        tool: 'read_file',
        args: { path: symbol.path, start: shownEnd + 1, end: Math.min(symbol.end, shownEnd + maxLines) },
      });
    }
  }
  return {
    text: parts.join('\n'),
    // The lines shown, as a file view names them: a source view after a signature view is new content.
    identifiers: [symbol.qualified, symbol.path, `${symbol.path}:${symbol.start}-${shownEnd}`],
    record: {
      qualified: symbol.qualified,
      name: symbol.name,
      kind: symbol.kind,
      path: symbol.path,
      start: symbol.start,
      end: symbol.end,
      signature: symbol.signature,
      members: members.map((member) => member.qualified),
    },
    pointers,
  };
}
