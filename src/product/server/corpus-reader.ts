import type { Bundle } from '../bundle/open-bundle.js';
import type { PieceKind } from '../index-build/pieces/types.js';

/** A file of the bundle with its lines (1-based line n is `lines[n - 1]`). */
export interface CorpusFileView {
  id: number;
  path: string;
  lines: string[];
}

/** A symbol table row. */
export interface SymbolRow {
  id: number;
  qualified: string;
  name: string;
  kind: PieceKind;
  path: string;
  file_id: number;
  start: number;
  end: number;
  signature: string;
  parent: string | null;
}

const SYMBOL_COLUMNS =
  's.id, s.qualified, s.name, s.kind, f.path, s.file_id, s.start, s.end, s.signature, s.parent FROM symbols s JOIN files f ON f.id = s.file_id';

/**
 * Read access to a bundle's files and symbol table through prepared statements, with the lines of
 * recently read files kept (the tools read the same few files again and again).
 *
 * @example
 * const reader = createCorpusReader(bundle);
 * reader.file('shop/cart.py')?.lines.length;
 */
export function createCorpusReader(bundle: Bundle) {
  const db = bundle.db;
  const byPath = db.prepare('SELECT id, path, content FROM files WHERE path = ?');
  const byId = db.prepare('SELECT id, path, content FROM files WHERE id = ?');
  const allFiles = db.prepare('SELECT id, path, content FROM files ORDER BY path');
  const paths = db.prepare('SELECT path FROM files ORDER BY path').pluck();
  const exact = db.prepare(`SELECT ${SYMBOL_COLUMNS} WHERE s.qualified = ? ORDER BY s.id`);
  const named = db.prepare(`SELECT ${SYMBOL_COLUMNS} WHERE s.name = ? ORDER BY s.id LIMIT 50`);
  const members = db.prepare(`SELECT ${SYMBOL_COLUMNS} WHERE s.parent = ? ORDER BY s.start`);
  const innermost = db.prepare(
    `SELECT ${SYMBOL_COLUMNS} WHERE s.file_id = ? AND s.start <= ? AND s.end >= ? ORDER BY s.end - s.start LIMIT 1`,
  );
  const cache = new Map<string, CorpusFileView>();
  const view = (
    row: { id: number; path: string; content: string } | undefined,
  ): CorpusFileView | undefined => {
    if (row === undefined) return undefined;
    const cached = cache.get(row.path);
    if (cached) return cached;
    const lines = row.content.split(/\r?\n/);
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    const out = { id: row.id, path: row.path, lines };
    if (cache.size >= 64) cache.delete(cache.keys().next().value!);
    cache.set(row.path, out);
    return out;
  };
  return {
    file: (path: string) =>
      view(byPath.get(path) as { id: number; path: string; content: string } | undefined),
    fileById: (id: number) => view(byId.get(id) as { id: number; path: string; content: string } | undefined),
    /** Every file's path and content, in path order, without caching (for grep). */
    eachFile: () => allFiles.iterate() as IterableIterator<{ id: number; path: string; content: string }>,
    paths: () => paths.all() as string[],
    symbolsNamed: (qualified: string) => exact.all(qualified) as SymbolRow[],
    symbolsWithName: (name: string) => named.all(name) as SymbolRow[],
    membersOf: (qualified: string) => members.all(qualified) as SymbolRow[],
    symbolAt: (fileId: number, line: number) => innermost.get(fileId, line, line) as SymbolRow | undefined,
  };
}

export type CorpusReader = ReturnType<typeof createCorpusReader>;
