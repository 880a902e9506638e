import type { IngestionConfig } from '../../serving/schema.js';
import type { Language } from '../language.js';
import { assemblePieces } from './assemble.js';
import { cutGo } from './go.js';
import { cutMarkdown } from './markdown.js';
import { cutPython } from './python.js';
import type { CutContext, Cutter, Piece, SymbolSpan } from './types.js';
import { cutTypeScript } from './typescript.js';

const CUTTERS: Partial<Record<Language, Cutter>> = {
  python: cutPython,
  typescript: cutTypeScript,
  javascript: cutTypeScript,
  go: cutGo,
  markdown: cutMarkdown,
};

/** What one file gives the index: its symbol table entries and its searchable pieces. */
export interface CutFile {
  symbols: SymbolSpan[];
  pieces: Piece[];
}

/**
 * Cuts one file with its language's cutter (none for plain text: line windows only) and assembles
 * its pieces under the ingestion limits.
 *
 * @example
 * cutFile(['def f():', '    return 1'], 'python', { path: 'm.py', module: 'm' }, ingestion).symbols[0]?.qualified; // 'm.f'
 */
export function cutFile(
  lines: readonly string[],
  language: Language,
  context: CutContext,
  ingestion: IngestionConfig,
): CutFile {
  const symbols = CUTTERS[language]?.(lines, context) ?? [];
  const blockName = context.path.slice(context.path.lastIndexOf('/') + 1);
  const pieces = assemblePieces(lines, symbols, {
    maxPieceLines: ingestion.max_piece_lines,
    windowLines: ingestion.window_lines,
    blockName,
  });
  return { symbols, pieces };
}
