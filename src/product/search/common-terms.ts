import type { Statement } from 'better-sqlite3';
import type { Bundle } from '../bundle/open-bundle.js';
import type { QueryConfig } from '../serving/schema.js';
import { type QueryTerm, queryTerms, termExpression } from './match-expression.js';

interface CommonTermCache {
  count: Statement;
  common: Map<string, boolean>;
}

const caches = new WeakMap<Bundle, CommonTermCache>();

/** Whether a term matches more than `limit` pieces: counting stops at `limit + 1`, so it stays cheap. */
function isCommon(bundle: Bundle, expression: string, limit: number): boolean {
  let cache = caches.get(bundle);
  if (cache === undefined) {
    cache = {
      count: bundle.db
        .prepare('SELECT count(*) FROM (SELECT 1 FROM pieces_fts WHERE pieces_fts MATCH ? LIMIT ?)')
        .pluck(),
      common: new Map(),
    };
    caches.set(bundle, cache);
  }
  const key = `${limit}\u0000${expression}`;
  let common = cache.common.get(key);
  if (common === undefined) {
    common = (cache.count.get(expression, limit + 1) as number) > limit;
    if (cache.common.size >= 10_000) cache.common.clear();
    cache.common.set(key, common);
  }
  return common;
}

/**
 * The `any`-mode expressions to try in order, with common words (in more than
 * `common_term_cutoff` of all pieces) kept from driving the match, the way Lucene's common-terms
 * query does: with a rare word, `(rare OR ...) AND (every word OR'd)` ranks only pieces holding a
 * rare word while every word still scores; with only common words, all of them together first,
 * then any of them. Scoring every piece that holds a common word is what makes a plain OR slow.
 *
 * @example
 * anyModeExpressions(bundle, 'retry the payment', config.query);
 * // ['("retry") AND ("retry" OR "payment")'] when only `payment` is common
 */
export function anyModeExpressions(bundle: Bundle, query: string, config: QueryConfig): string[] {
  const terms = queryTerms(query, { stopWords: config.stop_words });
  if (terms.length === 0) return [];
  const every = terms.map(termExpression).join(' OR ');
  if (config.common_term_cutoff === 0 || terms.length === 1) return [every];
  const limit = Math.max(100, Math.floor(config.common_term_cutoff * bundle.manifest.counts.pieces));
  const rare: QueryTerm[] = terms.filter((term) => !isCommon(bundle, termExpression(term), limit));
  if (rare.length === terms.length) return [every];
  if (rare.length > 0) return [`(${rare.map(termExpression).join(' OR ')}) AND (${every})`];
  return [terms.map(termExpression).join(' AND '), every];
}
