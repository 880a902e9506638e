import type { Statement } from 'better-sqlite3';
import type { Bundle } from '../bundle/open-bundle.js';
import { type RowSizes, readRowSizes, type TermPosting, termPostingReader } from '../bundle/term-postings.js';
import type { RankingConfig } from '../serving/schema.js';
import { ftsTokens } from './fts-tokens.js';

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
  term: (term: string) => TermPosting | null;
  rows: RowSizes | null;
  postings: Map<string, PhrasePosting>;
  entries: number;
}

const caches = new WeakMap<Bundle, PostingCache>();

const SQL = 'SELECT rowid, bm25(pieces_fts, ?, ?, ?, 0) FROM pieces_fts WHERE pieces_fts MATCH ?';

// A phrase of its own: a quoted text with no column filter.
const BARE_PHRASE = /^"([^"]*)"$/;

/**
 * A phrase's posting under `ranking`'s weights: the same numbers FTS5's own `bm25()` gives for the
 * phrase alone (the value it adds to any query holding it), kept, least recently used first out,
 * within `POSTINGS_BUDGET` entries per bundle. A phrase that is one term is scored from the
 * bundle's `term_postings` (`termContributions`); any other (a column filter, several terms)
 * asks FTS5, whose `bm25()` costs ~3 us a piece.
 *
 * @example
 * const { ids, contributions } = phrasePosting(bundle, '"retry"', config.ranking);
 */
export function phrasePosting(bundle: Bundle, phrase: string, ranking: RankingConfig): PhrasePosting {
  let cache = caches.get(bundle);
  if (cache === undefined) {
    cache = {
      statement: bundle.db.prepare(SQL).raw(),
      term: termPostingReader(bundle.db),
      rows: null,
      postings: new Map(),
      entries: 0,
    };
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
  const posting =
    ownPosting(bundle, cache, phrase, ranking.weights) ?? ftsPosting(cache, phrase, ranking.weights);
  for (const [oldest, dropped] of cache.postings) {
    if (cache.entries + posting.ids.length <= POSTINGS_BUDGET) break;
    cache.postings.delete(oldest);
    cache.entries -= dropped.ids.length;
  }
  cache.postings.set(key, posting);
  cache.entries += posting.ids.length;
  return posting;
}

// FTS5's own reading: `bm25()` on the phrase alone, a row per piece.
function ftsPosting(cache: PostingCache, phrase: string, weights: RankingConfig['weights']): PhrasePosting {
  const rows = cache.statement.all(weights.name, weights.path, weights.text, phrase) as [number, number][];
  rows.sort((a, b) => a[0] - b[0]);
  const ids = new Int32Array(rows.length);
  const contributions = new Float64Array(rows.length);
  for (let position = 0; position < rows.length; position++) {
    ids[position] = rows[position]![0];
    // bm25() returns the score negated (lower ranks first); negating it back is exact.
    contributions[position] = -rows[position]![1];
  }
  return { ids, contributions };
}

// A one-term phrase from `term_postings`; null for any other phrase.
function ownPosting(
  bundle: Bundle,
  cache: PostingCache,
  phrase: string,
  weights: RankingConfig['weights'],
): PhrasePosting | null {
  const text = BARE_PHRASE.exec(phrase)?.[1];
  if (text === undefined) return null;
  const terms = ftsTokens(bundle, text);
  if (terms.length !== 1) return null;
  const posting = cache.term(terms[0]!);
  if (posting === null) return { ids: new Int32Array(0), contributions: new Float64Array(0) };
  cache.rows ??= readRowSizes(bundle.db);
  return termContributions(posting, cache.rows, weights);
}

/**
 * What a one-term phrase adds to each of its pieces' BM25 scores, computed as FTS5's
 * `fts5Bm25Function` computes it, operation for operation, so the doubles are FTS5's: the weighted
 * frequency adds a column's weight once per occurrence (FTS5 walks the instances in column order),
 * then `idf * (f * (k1 + 1)) / (f + k1 * (1 - b + b * D / avgdl))` with k1 = 1.2 and b = 0.75,
 * D the piece's size in tokens.
 */
export function termContributions(
  posting: TermPosting,
  rows: RowSizes,
  weights: RankingConfig['weights'],
): PhrasePosting {
  const k1 = 1.2;
  const b = 0.75;
  const { idf, ids, counts } = posting;
  const column = [weights.name, weights.path, weights.text];
  const contributions = new Float64Array(ids.length);
  for (let position = 0; position < ids.length; position++) {
    let f = 0;
    for (let c = 0; c < 3; c++) for (let n = counts[position * 3 + c]!; n > 0; n--) f += column[c]!;
    const size = rows.sizes[ids[position]!]!;
    contributions[position] = idf * ((f * (k1 + 1.0)) / (f + k1 * (1 - b + (b * size) / rows.avgdl)));
  }
  return { ids, contributions };
}
