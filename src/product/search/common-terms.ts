import type { Bundle } from '../bundle/open-bundle.js';
import type { QueryConfig, RankingConfig } from '../serving/schema.js';
import { type QueryTerm, queryTerms, termExpression } from './match-expression.js';
import { matchingPieces } from './score-expression.js';

/**
 * The `any`-mode expressions to try in order, with common words (in more than
 * `common_term_cutoff` of all pieces) kept from driving the match, the way Lucene's common-terms
 * query does: with a rare word, `(rare OR ...) AND (every word OR'd)` ranks only pieces holding a
 * rare word while every word still scores; with only common words, all of them together first,
 * then any of them. Scoring every piece that holds a common word is what makes a plain OR slow.
 * A word's pieces are counted from its postings (`matchingPieces`), which the search then scores.
 *
 * @example
 * anyModeExpressions(bundle, 'retry the payment', config);
 * // ['("retry") AND ("retry" OR "payment")'] when only `payment` is common
 */
export function anyModeExpressions(
  bundle: Bundle,
  query: string,
  { query: config, ranking }: { query: QueryConfig; ranking: RankingConfig },
): string[] {
  const terms = queryTerms(query, { stopWords: config.stop_words });
  if (terms.length === 0) return [];
  const every = terms.map(termExpression).join(' OR ');
  if (config.common_term_cutoff === 0 || terms.length === 1) return [every];
  const limit = Math.max(100, Math.floor(config.common_term_cutoff * bundle.manifest.counts.pieces));
  const rare: QueryTerm[] = terms.filter(
    (term) => matchingPieces(bundle, termExpression(term), ranking).found.length <= limit,
  );
  if (rare.length === terms.length) return [every];
  if (rare.length > 0) return [`(${rare.map(termExpression).join(' OR ')}) AND (${every})`];
  return [terms.map(termExpression).join(' AND '), every];
}
