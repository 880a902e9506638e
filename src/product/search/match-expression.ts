import type { QueryConfig } from '../serving/schema.js';
import { identifierParts } from '../text/split-identifiers.js';
import { STOP_WORDS } from './stop-words.js';

/** The most words of a query that reach the index; the rest are ignored. */
export const MAX_QUERY_TERMS = 32;

const WORD = /[\p{L}\p{N}]+/gu;

/** One query word: the whole word and, for a camelCase word, its parts. */
export interface QueryTerm {
  word: string;
  parts: string[];
}

/**
 * The words of a query as the index tokenizes them (split at anything not a letter or digit),
 * lower-cased and deduplicated; stop words dropped when asked unless nothing else is left.
 *
 * @example
 * queryTerms('How does parseConfig read the YAML?', { stopWords: true });
 * // [{ word: 'parseconfig', parts: ['parse', 'config'] }, { word: 'read', parts: [] }, { word: 'yaml', parts: [] }]
 */
export function queryTerms(query: string, options: { stopWords: boolean }): QueryTerm[] {
  const seen = new Set<string>();
  const all: QueryTerm[] = [];
  for (const match of query.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    if (seen.has(word)) continue;
    seen.add(word);
    const parts = identifierParts(match[0]);
    all.push({ word, parts: parts.length > 1 ? parts : [] });
    if (all.length === MAX_QUERY_TERMS) break;
  }
  if (!options.stopWords) return all;
  const kept = all.filter((term) => !STOP_WORDS.has(term.word));
  return kept.length > 0 ? kept : all;
}

/** One term as FTS5 syntax: the quoted word, or for a camelCase word, the word or all its parts. */
export function termExpression(term: QueryTerm): string {
  if (term.parts.length === 0) return `"${term.word}"`;
  return `("${term.word}" OR (${term.parts.map((part) => `"${part}"`).join(' AND ')}))`;
}

/**
 * The FTS5 MATCH expression for a query: `all` joins the words with AND, `any` with OR. Every word
 * is quoted, so FTS5 operators in the query are never interpreted. Null when the query has no word.
 *
 * @example
 * matchExpression('parse YAML', { mode: 'all', stop_words: true, fallback_to_any: true }, 'all'); // '"parse" AND "yaml"'
 */
export function matchExpression(query: string, config: QueryConfig, mode: 'all' | 'any'): string | null {
  const terms = queryTerms(query, { stopWords: config.stop_words });
  if (terms.length === 0) return null;
  return terms.map(termExpression).join(mode === 'all' ? ' AND ' : ' OR ');
}
