import type { Piece, SymbolSpan } from './types.js';

export interface AssembleOptions {
  /** A piece longer than this is cut into windows of `windowLines`. */
  maxPieceLines: number;
  windowLines: number;
  /** The name given to blocks (lines outside any symbol). */
  blockName: string;
}

const CONTENT = /[\p{L}\p{N}]/u;

/**
 * Turns a file's declarations into its searchable pieces, so every line with content is in exactly
 * one piece: a symbol with members (a class) gives its head (up to the first member) and each
 * member; any other symbol gives its whole extent; lines outside every symbol become blocks of
 * `windowLines`; a piece over `maxPieceLines` is cut into windows that keep its name.
 *
 * @example
 * assemblePieces(['import os', '', 'def f():', '    return 1'], [{ kind: 'function', name: 'f', qualified: 'm.f', start: 3, end: 4, signature: 'def f():' }], { maxPieceLines: 100, windowLines: 50, blockName: 'm.py' });
 * // [{ kind: 'block', name: 'm.py', qualified: null, start: 1, end: 1 }, { kind: 'function', name: 'f', qualified: 'm.f', start: 3, end: 4 }]
 */
export function assemblePieces(
  lines: readonly string[],
  symbols: readonly SymbolSpan[],
  options: AssembleOptions,
): Piece[] {
  const covered = new Uint8Array(lines.length + 2);
  const out: Piece[] = [];
  const parents = new Set(symbols.map((symbol) => symbol.parent).filter((parent) => parent !== undefined));
  for (const symbol of symbols) {
    let end = symbol.end;
    if (parents.has(symbol.qualified)) {
      // Members inside the extent (a class's methods) cut the head short; Go methods sit outside it.
      const first = symbols.find(
        (member) =>
          member.parent === symbol.qualified && member.start > symbol.start && member.start <= symbol.end,
      );
      if (first) end = Math.max(symbol.start, first.start - 1);
    }
    end = trimBlankTail(lines, symbol.start, end);
    for (let line = symbol.start; line <= end; line += 1) covered[line] = 1;
    const piece: Piece = {
      kind: symbol.kind,
      name: symbol.name,
      qualified: symbol.qualified,
      start: symbol.start,
      end,
    };
    out.push(...windows(piece, options.maxPieceLines, options.windowLines));
  }
  let gapStart = 0;
  for (let line = 1; line <= lines.length + 1; line += 1) {
    const open = line <= lines.length && covered[line] === 0;
    if (open && gapStart === 0) gapStart = line;
    if (!open && gapStart !== 0) {
      out.push(...blocks(lines, gapStart, line - 1, options));
      gapStart = 0;
    }
  }
  return out.sort((a, b) => a.start - b.start || b.end - a.end);
}

function trimBlankTail(lines: readonly string[], start: number, end: number): number {
  let last = Math.min(end, lines.length);
  while (last > start && lines[last - 1]!.trim() === '') last -= 1;
  return last;
}

function blocks(lines: readonly string[], from: number, to: number, options: AssembleOptions): Piece[] {
  const out: Piece[] = [];
  for (let start = from; start <= to; start += options.windowLines) {
    let first = start;
    const last = Math.min(to, start + options.windowLines - 1);
    while (first <= last && lines[first - 1]!.trim() === '') first += 1;
    const end = trimBlankTail(lines, first, last);
    let hasContent = false;
    for (let line = first; line <= end && !hasContent; line += 1) hasContent = CONTENT.test(lines[line - 1]!);
    if (hasContent) out.push({ kind: 'block', name: options.blockName, qualified: null, start: first, end });
  }
  return out;
}

function windows(piece: Piece, maxLines: number, windowLines: number): Piece[] {
  if (piece.end - piece.start + 1 <= maxLines) return [piece];
  const out: Piece[] = [];
  for (let start = piece.start; start <= piece.end; start += windowLines) {
    out.push({ ...piece, start, end: Math.min(piece.end, start + windowLines - 1) });
  }
  return out;
}
