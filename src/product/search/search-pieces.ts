import type { Bundle } from '../bundle/open-bundle.js';
import type { RankingConfig } from '../serving/schema.js';
import { type KindFilter, placePieces, type ScoredPiece } from './piece-by-id.js';
import { scoreExpression } from './score-expression.js';

/**
 * The pieces matching an FTS5 expression, best first, scored by BM25 with the configured column
 * weights (`name`, `path`, `text`); ties break by piece id (file order), so results are stable.
 * The scores are FTS5's own `bm25()` numbers, summed from per-phrase postings (`scoreExpression`).
 *
 * @example
 * searchPieces(bundle, '"parse" OR "yaml"', ranking, { limit: 20 })[0]?.path;
 */
export function searchPieces(
  bundle: Bundle,
  expression: string,
  ranking: RankingConfig,
  options: { limit: number; kind?: KindFilter | undefined },
): ScoredPiece[] {
  const match = options.kind === undefined ? expression : `(${expression}) AND kind : "${options.kind}"`;
  return placePieces(bundle, scoreExpression(bundle, match, ranking, options.limit));
}
