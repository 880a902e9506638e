import type { Statement } from 'better-sqlite3';
import type { Bundle } from '../bundle/open-bundle.js';
import type { RankingConfig } from '../serving/schema.js';

/**
 * The pieces holding one phrase, ascending by id, with what the phrase adds to each piece's BM25
 * score under the ranking weights. FTS5's `bm25()` scores a row as a sum over the query's phrases
 * of a term that depends only on the phrase and the row (its frequency there, the phrase's IDF
 * over the whole table, the row's length), so a phrase's terms, read once, score every query
 * that holds it.
 */
export interface PhrasePosting {
  ids: Int32Array;
  contributions: Float64Array;
}

/** The most (piece, phrase) entries a bundle keeps: about 12 bytes each, so about 24 MB. */
export const POSTINGS_BUDGET = 2_000_000;

interface PostingCache {
  statement: Statement;
  postings: Map<string, PhrasePosting>;
  entries: number;
}

const caches = new WeakMap<Bundle, PostingCache>();

const SQL = 'SELECT rowid, bm25(pieces_fts, ?, ?, ?, 0) FROM pieces_fts WHERE pieces_fts MATCH ?';

/**
 * A phrase's posting under `ranking`'s weights, read with FTS5's own `bm25()` on the phrase alone
 * (the value it adds to any query holding it is the same number) and kept, least recently used
 * first out, within `POSTINGS_BUDGET` entries per bundle.
 *
 * @example
 * const { ids, contributions } = phrasePosting(bundle, '"retry"', config.ranking);
 */
export function phrasePosting(bundle: Bundle, phrase: string, ranking: RankingConfig): PhrasePosting {
  let cache = caches.get(bundle);
  if (cache === undefined) {
    cache = { statement: bundle.db.prepare(SQL).raw(), postings: new Map(), entries: 0 };
    caches.set(bundle, cache);
  }
  const { name, path, text } = ranking.weights;
  const key = `${name} ${path} ${text}\u0000${phrase}`;
  const kept = cache.postings.get(key);
  if (kept !== undefined) {
    cache.postings.delete(key);
    cache.postings.set(key, kept);
    return kept;
  }
  const rows = cache.statement.all(name, path, text, phrase) as [number, number][];
  rows.sort((a, b) => a[0] - b[0]);
  const posting: PhrasePosting = {
    ids: Int32Array.from(rows, (row) => row[0]),
    // bm25() returns the score negated (lower ranks first); negating it back is exact.
    contributions: Float64Array.from(rows, (row) => -row[1]),
  };
  for (const [oldest, dropped] of cache.postings) {
    if (cache.entries + rows.length <= POSTINGS_BUDGET) break;
    cache.postings.delete(oldest);
    cache.entries -= dropped.ids.length;
  }
  cache.postings.set(key, posting);
  cache.entries += rows.length;
  return posting;
}
