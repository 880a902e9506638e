import type { Statement } from 'better-sqlite3';
import type { Bundle } from '../bundle/open-bundle.js';
import type { GraphConfig } from '../serving/schema.js';
import { type KindFilter, kindMatches, pieceById, type ScoredPiece } from './piece-by-id.js';

// The symbols a piece is part of (its symbol's windows and a class's head map to it).
const OWN_SYMBOLS = `SELECT s.id FROM pieces p JOIN symbols s
  ON s.file_id = p.file_id AND s.qualified = p.qualified AND s.start <= p.start AND s.end >= p.start
  WHERE p.id = ?`;
// The first piece of each symbol a piece's references name.
const REFERENCED = (kinds: string) => `SELECT DISTINCT tp.id FROM refs r
  JOIN symbols ts ON ts.id = r.to_symbol
  JOIN pieces tp ON tp.file_id = ts.file_id AND tp.start = ts.start AND tp.qualified = ts.qualified
  WHERE r.from_piece = ? AND r.kind IN (${kinds})`;
// The pieces whose references name one of a piece's symbols.
const REFERENCING = (kinds: string) => `SELECT DISTINCT r.from_piece AS id FROM refs r
  WHERE r.to_symbol IN (${OWN_SYMBOLS}) AND r.kind IN (${kinds})`;

const USES = "'call', 'import'";
const SQL = {
  callees: [REFERENCED(USES)],
  callers: [REFERENCING(USES)],
  inherits: [REFERENCED("'inherits'"), REFERENCING("'inherits'")],
} as const;

const statements = new WeakMap<Bundle, Record<keyof typeof SQL, Statement[]>>();

function neighbours(bundle: Bundle, pieceId: number, directions: GraphConfig['directions']): number[] {
  let prepared = statements.get(bundle);
  if (prepared === undefined) {
    prepared = {
      callees: SQL.callees.map((sql) => bundle.db.prepare(sql).pluck()),
      callers: SQL.callers.map((sql) => bundle.db.prepare(sql).pluck()),
      inherits: SQL.inherits.map((sql) => bundle.db.prepare(sql).pluck()),
    };
    statements.set(bundle, prepared);
  }
  const out = new Set<number>();
  for (const direction of new Set(directions))
    for (const statement of prepared[direction])
      for (const id of statement.all(pieceId) as number[]) out.add(id);
  out.delete(pieceId);
  return [...out];
}

/**
 * Adds the reference graph's 1-hop neighbours of the top `graph.top` hits to a ranked list: each
 * neighbour (a piece the hit references or that references it, along `graph.directions`) scores
 * the hit's score times `graph.decay`; a piece already in the list keeps its better score, the
 * `kind` filter still holds, and the list is ranked again (ties keep their order, hits first).
 * With `graph.expand` off the hits come back as they were.
 *
 * @example
 * expandThroughGraph(bundle, hits, { expand: true, decay: 0.5, top: 5, directions: ['callees'] }, undefined);
 */
export function expandThroughGraph(
  bundle: Bundle,
  hits: readonly ScoredPiece[],
  graph: GraphConfig,
  kind: KindFilter | undefined,
): ScoredPiece[] {
  if (!graph.expand) return [...hits];
  const ranked = new Map<number, ScoredPiece>(hits.map((hit) => [hit.id, hit]));
  for (const hit of hits.slice(0, graph.top)) {
    const score = hit.score * graph.decay;
    for (const id of neighbours(bundle, hit.id, graph.directions)) {
      const known = ranked.get(id);
      if (known !== undefined) {
        if (known.score < score) ranked.set(id, { ...known, score });
        continue;
      }
      const piece = pieceById(bundle, id);
      if (piece !== undefined && kindMatches(piece, kind)) ranked.set(id, { ...piece, score });
    }
  }
  return [...ranked.values()].sort((a, b) => b.score - a.score);
}
