import type { Statement } from 'better-sqlite3';
import type { Bundle } from '../bundle/open-bundle.js';
import { fileGroup } from '../index-build/language.js';
import type { KindFilter, PieceHit } from './search-pieces.js';

const SQL = `SELECT p.id, f.path, p.start, p.end, p.name, p.qualified, p.kind, 0 AS score
FROM pieces p JOIN files f ON f.id = p.file_id WHERE p.id = ?`;

const statements = new WeakMap<Bundle, Statement>();

/** A piece of the bundle by id (score 0), `undefined` when there is none. */
export function pieceById(bundle: Bundle, id: number): PieceHit | undefined {
  let statement = statements.get(bundle);
  if (statement === undefined) {
    statement = bundle.db.prepare(SQL);
    statements.set(bundle, statement);
  }
  return statement.get(id) as PieceHit | undefined;
}

/** Whether a piece passes a `kind` filter: its own kind, or `code` / `docs` by its file. */
export function kindMatches(piece: PieceHit, kind: KindFilter | undefined): boolean {
  if (kind === undefined) return true;
  if (kind === 'code' || kind === 'docs') return fileGroup(piece.path) === kind;
  return piece.kind === kind;
}
