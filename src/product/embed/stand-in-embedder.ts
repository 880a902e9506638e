import { STOP_WORDS } from '../search/stop-words.js';
import { identifierParts } from '../text/split-identifiers.js';

/** The name the offline endpoint serves the stand-in under, and what every figure it makes says. */
export const STAND_IN_EMBEDDER = 'offline-embed';
/** The reranker name the offline endpoint's stand-in answers to in overlays (any name is answered alike). */
export const STAND_IN_RERANKER = 'offline-rerank';
export const STAND_IN_EMBEDDER_LABEL =
  'the offline stand-in embedder (hashed words, a stand-in, not a model)';

// FNV-1a, 32 bits: a stable hash of a feature, the same on every machine.
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

// A word's crude stem: enough that "parsing", "parses" and "parse" meet.
function stem(word: string): string {
  for (const suffix of ['ing', 'ers', 'ies', 'es', 'ed', 'er', 's'])
    if (word.length > suffix.length + 2 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  return word;
}

/** The words the stand-in embeds: identifiers split, lowercased, stop words dropped, stemmed. */
export function standInWords(text: string): string[] {
  const words: string[] = [];
  for (const raw of text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [])
    for (const part of identifierParts(raw)) {
      const word = part.toLowerCase();
      if (word.length < 2 || STOP_WORDS.has(word)) continue;
      words.push(stem(word));
    }
  return words;
}

/**
 * A deterministic embedding for tests and keyless runs: each word (and each pair of neighbouring
 * words) hashed to one of `dimensions` signed buckets, counts damped by a square root, the vector
 * L2-normalised. Texts sharing words point the same way; it knows no synonyms. A stand-in, not a
 * model: every figure made with it says so (`STAND_IN_EMBEDDER_LABEL`).
 *
 * @example
 * const [a, b] = [standInEmbedding('parse the config', 64), standInEmbedding('config parser', 64)];
 */
export function standInEmbedding(text: string, dimensions: number): number[] {
  const counts = new Map<number, number>();
  const add = (feature: string, weight: number) => {
    const hash = fnv1a(feature);
    const bucket = hash % dimensions;
    const sign = hash & 0x80000000 ? -1 : 1;
    counts.set(bucket, (counts.get(bucket) ?? 0) + sign * weight);
  };
  const words = standInWords(text);
  for (const word of words) add(`w:${word}`, 1);
  for (let i = 1; i < words.length; i++) add(`p:${words[i - 1]} ${words[i]}`, 0.5);
  const vector = new Array<number>(dimensions).fill(0);
  for (const [bucket, value] of counts) vector[bucket] = Math.sign(value) * Math.sqrt(Math.abs(value));
  let norm = 0;
  for (const v of vector) norm += v * v;
  norm = Math.sqrt(norm);
  return norm === 0 ? vector : vector.map((v) => v / norm);
}
