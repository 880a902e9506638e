import type { Statement } from 'better-sqlite3';
import type { Bundle } from '../bundle/open-bundle.js';
import type { PieceKind } from '../index-build/pieces/types.js';
import type { RankingConfig } from '../serving/schema.js';

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

const SQL = `
WITH ranked AS (
  SELECT rowid AS id, bm25(pieces_fts, ?, ?, ?, 0) AS rank
  FROM pieces_fts WHERE pieces_fts MATCH ? ORDER BY rank LIMIT ?
)
SELECT p.id, f.path, p.start, p.end, p.name, p.qualified, p.kind, -ranked.rank AS score
FROM ranked JOIN pieces p ON p.id = ranked.id JOIN files f ON f.id = p.file_id
ORDER BY ranked.rank, p.id`;

const statements = new WeakMap<Bundle, Statement>();

/**
 * The pieces matching an FTS5 expression, best first, scored by BM25 with the configured column
 * weights (`name`, `path`, `text`); ties break by piece id (file order), so results are stable.
 *
 * @example
 * searchPieces(bundle, '"parse" OR "yaml"', ranking, { limit: 20 })[0]?.path;
 */
export function searchPieces(
  bundle: Bundle,
  expression: string,
  ranking: RankingConfig,
  options: { limit: number; kind?: KindFilter | undefined },
): PieceHit[] {
  let statement = statements.get(bundle);
  if (statement === undefined) {
    statement = bundle.db.prepare(SQL);
    statements.set(bundle, statement);
  }
  const match = options.kind === undefined ? expression : `(${expression}) AND kind : "${options.kind}"`;
  const { name, path, text } = ranking.weights;
  return statement.all(name, path, text, match, options.limit) as PieceHit[];
}
