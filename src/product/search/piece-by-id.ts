import type { Statement } from 'better-sqlite3';
import type { Bundle } from '../bundle/open-bundle.js';
import { readPieceFiles } from '../bundle/piece-files.js';
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

/** A ranked piece before its row is read: its id, its file's path and its score (higher is better). */
export interface ScoredPiece {
  id: number;
  path: string;
  score: number;
}

/** One ranked piece: where it is, what it is, and its BM25 score (higher is better). */
export interface PieceHit extends ScoredPiece {
  start: number;
  end: number;
  name: string;
  qualified: string | null;
  kind: PieceKind;
}

// One statement for any number of ids: each statement SQLite runs outside a transaction takes and
// drops the file's read lock, about 20 us, which a lookup per piece paid 160 times a search. The
// pieces come back as one JSON array, which `JSON.parse` reads faster than better-sqlite3 builds
// one row per piece (120 ids: 0.49-0.56 ms as rows, 0.19-0.33 ms as JSON; no value is a float, so JSON
// is exact). The path comes from the bundle's path table (`pathsOf`), not a join on `files`,
// whose rows hold each file's content: the join was half the lookup's time.
const SQL = `SELECT json_group_array(json_array(p.id, p.file_id, p.start, p.end, p.name, p.qualified, p.kind))
FROM json_each(?) j JOIN pieces p ON p.id = j.value`;

interface Lookup {
  pieces: Statement;
  paths: Map<number, string> | null;
  files: Int32Array | null;
}

const lookups = new WeakMap<Bundle, Lookup>();

function lookupOf(bundle: Bundle): Lookup {
  let lookup = lookups.get(bundle);
  if (lookup === undefined) {
    lookup = { pieces: bundle.db.prepare(SQL).pluck(), paths: null, files: null };
    lookups.set(bundle, lookup);
  }
  return lookup;
}

type PieceRow = [number, number, number, number, string, string | null, PieceKind];

/**
 * Every file's path by id, read once per bundle on first use from the unique index on `path` (it
 * covers the id too, so no file's content is read): 5,000 files in ~4 ms.
 */
function pathsOf(bundle: Bundle, lookup: Lookup): Map<number, string> {
  lookup.paths ??= new Map(bundle.db.prepare('SELECT id, path FROM files').raw().all() as [number, string][]);
  return lookup.paths;
}

/** The bundle's pieces with these ids (score 0), by id; an id with no piece is absent. */
export function piecesById(bundle: Bundle, ids: readonly number[]): Map<number, PieceHit> {
  const lookup = lookupOf(bundle);
  if (ids.length === 0) return new Map();
  const rows = JSON.parse(lookup.pieces.get(JSON.stringify(ids)) as string) as PieceRow[];
  const paths = pathsOf(bundle, lookup);
  const out = new Map<number, PieceHit>();
  for (const [id, fileId, start, end, name, qualified, kind] of rows)
    out.set(id, { id, path: paths.get(fileId)!, start, end, name, qualified, kind, score: 0 });
  return out;
}

/**
 * Scored piece ids placed in their files, without reading their rows: each file id from the
 * bundle's `piece_files` (read once per bundle), each path from its path table. An id with no piece
 * is dropped.
 *
 * @example
 * placePieces(bundle, [{ id: 412, score: 7.3 }]); // [{ id: 412, path: 'src/cart.py', score: 7.3 }]
 */
export function placePieces(bundle: Bundle, scored: readonly { id: number; score: number }[]): ScoredPiece[] {
  const lookup = lookupOf(bundle);
  lookup.files ??= readPieceFiles(bundle.db);
  const { files } = lookup;
  const paths = pathsOf(bundle, lookup);
  const placed: ScoredPiece[] = [];
  for (const { id, score } of scored) {
    const path = paths.get(files[id] ?? 0);
    if (path !== undefined) placed.push({ id, path, score });
  }
  return placed;
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
