import type { Bundle } from '../bundle/open-bundle.js';
import type { RankingConfig } from '../serving/schema.js';
import { bestFirst, type Scored } from './best-first.js';
import { type BooleanNode, type ExpressionNode, parseFtsExpression } from './fts-expression.js';
import { type PhrasePosting, phrasePosting } from './phrase-postings.js';
import { union, within } from './sorted-ids.js';

const scratches = new WeakMap<Bundle, Float64Array>();

/** An expression's matches, with what scoring them needs. */
export interface Matched {
  /** The matching pieces, ascending by id. */
  found: Int32Array;
  /**
   * The phrases in FTS5's order (left to right), each with its enclosing ANDs, its posting, the
   * pieces it was matched among (null: all) and the positions in its posting of those it matched.
   */
  phrases: { ands: BooleanNode[]; posting: PhrasePosting; among: Int32Array | null; at: Int32Array | null }[];
  /** Each AND's matches (among the pieces its enclosing ANDs allow). */
  matches: Map<BooleanNode, Int32Array>;
}

/**
 * The pieces matching an FTS5 expression (as `MATCH expression` finds them), from the phrases'
 * postings merged: an AND's later children are matched only among what its earlier ones matched,
 * so `(rare) AND (every word)` never merges the common words' long lists.
 *
 * @example
 * matchingPieces(bundle, '"retry" AND "payment"', config.ranking).found.length; // 12
 */
export function matchingPieces(bundle: Bundle, expression: string, ranking: RankingConfig): Matched {
  const phrases: Matched['phrases'] = [];
  const matches = new Map<BooleanNode, Int32Array>();
  // A node's matches among `among` (all pieces when null). An AND's set is kept narrowed only to
  // pieces every enclosing AND already allows, which counting a phrase intersects with anyway.
  // Children are walked left to right, so phrases arrive in FTS5's order.
  const match = (node: ExpressionNode, ands: BooleanNode[], among: Int32Array | null): Int32Array => {
    let ids: Int32Array;
    if (node.type === 'phrase') {
      const posting = phrasePosting(bundle, node.query, ranking);
      const at = among === null ? null : within(posting.ids, null, among);
      phrases.push({ ands, posting, among, at });
      ids = at === null ? posting.ids : at.map((position) => posting.ids[position]!);
    } else if (node.type === 'and') {
      const inner = [...ands, node];
      ids = node.children.reduce<Int32Array | null>(
        (narrowed, child) => match(child, inner, narrowed),
        among,
      )!;
      matches.set(node, ids);
    } else {
      ids = node.children.map((child) => match(child, ands, among)).reduce(union);
    }
    return ids;
  };
  const found = match(parseFtsExpression(expression), [], null);
  return { found, phrases, matches };
}

/**
 * The best `limit` pieces matching an FTS5 expression, by the BM25 score FTS5's
 * `bm25(pieces_fts, name, path, text, 0)` gives them, ties by piece id: the same ids and the same
 * numbers as `... MATCH expression ORDER BY bm25(...) LIMIT limit`, without scoring every match
 * in SQLite. Each phrase's terms come from `phrasePosting`; a piece's score adds, in FTS5's
 * phrase order, the terms of the phrases FTS5 counts there: a phrase it holds whose every
 * enclosing AND matches the piece (FTS5 drops the positions of an AND that fails).
 *
 * @example
 * scoreExpression(bundle, '"retry" OR "payment"', config.ranking, 20)[0]; // { id: 412, score: 7.31 }
 */
export function scoreExpression(
  bundle: Bundle,
  expression: string,
  ranking: RankingConfig,
  limit: number,
): Scored[] {
  const { found, phrases, matches } = matchingPieces(bundle, expression, ranking);
  if (found.length === 0) return [];
  const scores = scratch(bundle, found[found.length - 1]!);
  for (const phrase of phrases) {
    const { ands, posting, among } = phrase;
    const { ids, contributions } = posting;
    if (ands.length === 0) {
      for (let position = 0; position < ids.length; position++)
        scores[ids[position]!]! += contributions[position]!;
      continue;
    }
    // Matched among exactly what its one AND matches: the positions found then are the ones.
    const only = ands.length === 1 ? matches.get(ands[0]!)! : null;
    let at: Int32Array | null =
      only !== null && among !== null && only.length === among.length ? phrase.at : null;
    if (at === null) for (const and of ands) at = within(ids, at, matches.get(and)!);
    for (const position of at!) scores[ids[position]!]! += contributions[position]!;
  }
  const scored = new Float64Array(found.length);
  for (let at = 0; at < found.length; at++) {
    scored[at] = scores[found[at]!]!;
    scores[found[at]!] = 0;
  }
  return bestFirst(found, scored, limit);
}

/** A zeroed score per piece id up to `maxId`, reused across queries (each query zeroes what it used). */
function scratch(bundle: Bundle, maxId: number): Float64Array {
  let scores = scratches.get(bundle);
  if (scores === undefined || scores.length <= maxId) {
    scores = new Float64Array(Math.max(maxId + 1, (scores?.length ?? 0) * 2));
    scratches.set(bundle, scores);
  }
  return scores;
}
