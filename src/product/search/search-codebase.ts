import type { Bundle } from '../bundle/open-bundle.js';
import type { ServingConfig } from '../serving/schema.js';
import { aggregateFiles } from './aggregate-files.js';
import { anyModeExpressions } from './common-terms.js';
import { matchExpression } from './match-expression.js';
import { type KindFilter, type PieceHit, searchPieces } from './search-pieces.js';

export interface SearchRequest {
  query: string;
  kind?: KindFilter | undefined;
  /** Rows wanted; the config's `response.top_k` when absent. */
  limit?: number | undefined;
}

/** One ranked row: a piece, or with file aggregation on, a file through its best piece. */
export interface SearchRow extends PieceHit {
  /** With file aggregation: the file's other matching pieces, best first (at most four). */
  more: PieceHit[];
}

export interface SearchOutcome {
  rows: SearchRow[];
  /** The mode that produced the rows: `any` when an `all` query found nothing and fell back. */
  mode: 'all' | 'any';
  fellBack: boolean;
  /** The FTS5 expression that ran; null when the query held no word. */
  expression: string | null;
}

/**
 * Searches an opened bundle with a serving config: builds the match expression for the query mode
 * (in `any` mode with common words kept from driving the match, see `anyModeExpressions`), ranks
 * pieces by weighted BM25, falls back from `all` to `any` when configured and nothing matched,
 * and with file aggregation on returns one row per file ranked by its best pieces.
 *
 * @example
 * const outcome = searchCodebase(bundle, config, { query: 'apply discount code', limit: 5 });
 * outcome.rows.map((row) => `${row.path}:${row.start}-${row.end} ${row.name}`);
 */
export function searchCodebase(bundle: Bundle, config: ServingConfig, request: SearchRequest): SearchOutcome {
  const limit = request.limit ?? config.response.top_k;
  const aggregation = config.ranking.file_aggregation;
  const candidates = aggregation.enabled
    ? Math.min(400, Math.max(50, limit * aggregation.pieces * 4))
    : limit;
  const run = (expression: string) =>
    searchPieces(bundle, expression, config.ranking, { limit: candidates, kind: request.kind });
  let mode = config.query.mode;
  let expression: string | null = null;
  let hits: PieceHit[] = [];
  let fellBack = false;
  if (mode === 'all') {
    expression = matchExpression(request.query, config.query, 'all');
    if (expression === null) return { rows: [], mode, fellBack, expression };
    hits = run(expression);
    fellBack = hits.length === 0 && config.query.fallback_to_any;
    if (fellBack) mode = 'any';
  }
  if (mode === 'any') {
    for (const attempt of anyModeExpressions(bundle, request.query, config.query)) {
      if (attempt === expression) continue;
      expression = attempt;
      hits = run(attempt);
      if (hits.length > 0) break;
    }
    if (expression === null) return { rows: [], mode, fellBack, expression };
  }
  const rows: SearchRow[] = aggregation.enabled
    ? aggregateFiles(hits, aggregation)
        .slice(0, limit)
        .map((file) => ({ ...file.pieces[0]!, score: file.score, more: file.pieces.slice(1, 5) }))
    : hits.slice(0, limit).map((hit) => ({ ...hit, more: [] }));
  return { rows, mode, fellBack, expression };
}
