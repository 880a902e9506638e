import type { Statement } from 'better-sqlite3';
import type { Bundle } from '../bundle/open-bundle.js';
import { fileGroup } from '../index-build/language.js';
import type { PieceKind } from '../index-build/pieces/types.js';

/** A piece kind, or `code` / `docs` for every piece of source files / of documentation files. */
export type KindFilter = PieceKind | 'code' | 'docs';

export const KIND_FILTERS: readonly KindFilter[] = [
  'function',
  'method',
  'class',
  'type',
  'variable',
  'section',
  'block',
  'code',
  'docs',
];

/** One ranked piece: where it is, what it is, and its BM25 score (higher is better). */
export interface PieceHit {
  id: number;
  path: string;
  start: number;
  end: number;
  name: string;
  qualified: string | null;
  kind: PieceKind;
  score: number;
}

// One statement for any number of ids: each statement SQLite runs outside a transaction takes and
// drops the file's read lock, about 20 us, which a lookup per piece paid 160 times a search.
const SQL = `SELECT p.id, f.path, p.start, p.end, p.name, p.qualified, p.kind, 0 AS score
FROM json_each(?) j JOIN pieces p ON p.id = j.value JOIN files f ON f.id = p.file_id`;

const statements = new WeakMap<Bundle, Statement>();

/** The bundle's pieces with these ids (score 0), by id; an id with no piece is absent. */
export function piecesById(bundle: Bundle, ids: readonly number[]): Map<number, PieceHit> {
  let statement = statements.get(bundle);
  if (statement === undefined) {
    statement = bundle.db.prepare(SQL);
    statements.set(bundle, statement);
  }
  if (ids.length === 0) return new Map();
  const rows = statement.all(JSON.stringify(ids)) as PieceHit[];
  return new Map(rows.map((row) => [row.id, row]));
}

/** A piece of the bundle by id (score 0), `undefined` when there is none. */
export function pieceById(bundle: Bundle, id: number): PieceHit | undefined {
  return piecesById(bundle, [id]).get(id);
}

/** Whether a piece passes a `kind` filter: its own kind, or `code` / `docs` by its file. */
export function kindMatches(piece: PieceHit, kind: KindFilter | undefined): boolean {
  if (kind === undefined) return true;
  if (kind === 'code' || kind === 'docs') return fileGroup(piece.path) === kind;
  return piece.kind === kind;
}
