import { AgentTrackError } from '../../core/index.js';
import type { Bundle } from '../bundle/open-bundle.js';
import type { HybridConfig, ServingConfig } from '../serving/schema.js';
import { aggregateFiles } from './aggregate-files.js';
import { anyModeExpressions } from './common-terms.js';
import { fuse, type Ranked } from './fuse.js';
import { expandThroughGraph } from './graph-expansion.js';
import { matchExpression } from './match-expression.js';
import { weighPaths } from './path-weights.js';
import { type KindFilter, kindMatches, type PieceHit, piecesById, type ScoredPiece } from './piece-by-id.js';
import { searchPieces } from './search-pieces.js';

export interface SearchRequest {
  query: string;
  kind?: KindFilter | undefined;
  /** Rows wanted; the config's `response.top_k` when absent. */
  limit?: number | undefined;
  /** The pieces nearest the query's vector, best first (`denseHits`): needed by `hybrid.mode` dense and fused. */
  dense?: readonly Ranked[] | undefined;
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
  /** The FTS5 expression that ran; null when the query held no word (or the search was dense only). */
  expression: string | null;
  /** Which lists ranked the rows (`hybrid.mode`). */
  hybrid: HybridConfig['mode'];
}

/**
 * Searches an opened bundle with a serving config: builds the match expression for the query mode
 * (in `any` mode with common words kept from driving the match, see `anyModeExpressions`), ranks
 * pieces by weighted BM25, falls back from `all` to `any` when configured and nothing matched;
 * with `hybrid.mode` dense the pieces nearest the query's vector rank instead, with fused both
 * lists (`fuse`); with `graph.expand` the top hits' neighbours in the reference graph join them
 * (`expandThroughGraph`); with file aggregation on it returns one row per file ranked by its best pieces.
 *
 * @example
 * const outcome = searchCodebase(bundle, config, { query: 'apply discount code', limit: 5 });
 * outcome.rows.map((row) => `${row.path}:${row.start}-${row.end} ${row.name}`);
 */
export function searchCodebase(bundle: Bundle, config: ServingConfig, request: SearchRequest): SearchOutcome {
  const limit = request.limit ?? config.response.top_k;
  const aggregation = config.ranking.file_aggregation;
  const hybrid = config.hybrid;
  const wanted = aggregation.enabled ? Math.min(400, Math.max(50, limit * aggregation.pieces * 4)) : limit;
  const candidates = hybrid.mode === 'lexical' ? wanted : Math.max(wanted, hybrid.candidates);
  const lexical = hybrid.mode === 'dense' ? null : lexicalHits(bundle, config, request, candidates);
  let hits = lexical?.hits ?? [];
  if (hybrid.mode !== 'lexical') {
    if (request.dense === undefined)
      throw new AgentTrackError(
        'DENSE_QUERY_MISSING',
        `\`hybrid.mode: ${hybrid.mode}\` searches by the query's vector, and none was given`,
        { data: { mode: hybrid.mode } },
      );
    const nearest = request.dense.slice(0, hybrid.candidates);
    const pieces = piecesById(
      bundle,
      nearest.map((hit) => hit.id),
    );
    const dense = nearest.flatMap((hit) => {
      const piece = pieces.get(hit.id);
      return piece !== undefined && kindMatches(piece, request.kind) ? [{ ...piece, score: hit.score }] : [];
    });
    const byId = new Map([...dense, ...hits].map((hit) => [hit.id, hit]));
    const ranked = hybrid.mode === 'dense' ? dense : fuse(hits, dense, hybrid);
    hits = ranked.map((hit) => ({ ...byId.get(hit.id)!, score: hit.score }));
  }
  hits = expandThroughGraph(bundle, hits, config.graph, request.kind);
  // After expansion, so a test or doc reached through the graph ranks down like one found by words.
  hits = weighPaths(hits, config.ranking.path_weights);
  const chosen = aggregation.enabled
    ? aggregateFiles(hits, aggregation)
        .slice(0, limit)
        .map((file) => ({ head: { ...file.pieces[0]!, score: file.score }, more: file.pieces.slice(1, 5) }))
    : hits.slice(0, limit).map((hit) => ({ head: hit, more: [] }));
  // Only the pieces returned have their rows read, all in one statement.
  const read = piecesById(
    bundle,
    chosen.flatMap(({ head, more }) => [head, ...more].map((hit) => hit.id)),
  );
  const full = (hit: ScoredPiece): PieceHit => ({ ...read.get(hit.id)!, score: hit.score });
  const rows: SearchRow[] = chosen.map(({ head, more }) => ({ ...full(head), more: more.map(full) }));
  return {
    rows,
    mode: lexical?.mode ?? config.query.mode,
    fellBack: lexical?.fellBack ?? false,
    expression: lexical?.expression ?? null,
    hybrid: hybrid.mode,
  };
}

// The BM25 pieces for a query: the match expression for the query mode (in `any` mode with common
// words kept from driving the match), falling back from `all` to `any` when configured.
function lexicalHits(
  bundle: Bundle,
  config: ServingConfig,
  request: SearchRequest,
  limit: number,
): { hits: ScoredPiece[]; mode: 'all' | 'any'; fellBack: boolean; expression: string | null } {
  const run = (expression: string) =>
    searchPieces(bundle, expression, config.ranking, { limit, kind: request.kind });
  let mode = config.query.mode;
  let expression: string | null = null;
  let hits: ScoredPiece[] = [];
  let fellBack = false;
  if (mode === 'all') {
    expression = matchExpression(request.query, config.query, 'all');
    if (expression === null) return { hits, mode, fellBack, expression };
    hits = run(expression);
    fellBack = hits.length === 0 && config.query.fallback_to_any;
    if (fellBack) mode = 'any';
  }
  if (mode === 'any') {
    for (const attempt of anyModeExpressions(bundle, request.query, config)) {
      if (attempt === expression) continue;
      expression = attempt;
      hits = run(attempt);
      if (hits.length > 0) break;
    }
  }
  return { hits, mode, fellBack, expression };
}
