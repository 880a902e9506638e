import { createHash } from 'node:crypto';

/**
 * One version of the artifact (or configuration) a campaign searches over. `text` is what is
 * written to the product: the artifact's text, or canonical JSON for a configuration point.
 * `parent` is the candidate it was derived from (`null` for the incumbent at HEAD).
 */
export interface Candidate {
  /** Unique within a campaign: `c<round>.<index>`, or `incumbent`. */
  id: string;
  parent: string | null;
  /** sha256 hex of `text`: the cache key and the identity of an artifact across candidates. */
  hash: string;
  text: string;
  /** Which proposer operator made it (`scripted`, `grid`, `overlay`, `reflective`, ...). */
  operator: string;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .filter((key) => record[key] !== undefined)
        .map((key) => [key, sortKeys(record[key])]),
    );
  }
  return value;
}

/**
 * JSON with keys sorted at every depth and no whitespace: one text per configuration point.
 *
 * @example
 * canonicalJson({ turn_cap: 8, architecture: 'react' }); // '{"architecture":"react","turn_cap":8}'
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

/**
 * The sha256 (hex) of an artifact's UTF-8 text.
 *
 * @example
 * artifactHash(''); // 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'
 */
export function artifactHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * A candidate from its text, with its hash computed.
 *
 * @example
 * makeCandidate({ id: 'c1.0', parent: 'incumbent', text: 'new docs', operator: 'scripted' }).hash;
 */
export function makeCandidate(fields: Omit<Candidate, 'hash'>): Candidate {
  return { ...fields, hash: artifactHash(fields.text) };
}

/**
 * The ids of a candidate's ancestors, nearest first, from a parent map (the campaign's record of
 * every candidate it made). A cycle or a missing parent ends the walk.
 *
 * @example
 * ancestorsOf('c2.0', new Map([['c2.0', 'c1.1'], ['c1.1', 'incumbent'], ['incumbent', null]]));
 * // ['c1.1', 'incumbent']
 */
export function ancestorsOf(id: string, parents: ReadonlyMap<string, string | null>): string[] {
  const out: string[] = [];
  const seen = new Set([id]);
  let next = parents.get(id) ?? null;
  while (next !== null && !seen.has(next)) {
    out.push(next);
    seen.add(next);
    next = parents.get(next) ?? null;
  }
  return out;
}
