import { LRUCache } from 'lru-cache';
import type { ToolEvent } from '../schema.js';
import type { BlobReader, Trajectory } from '../trajectory.js';
import { parsePointers } from './pointer-parse.js';
import { previewIsWhole, resultText } from './result-text.js';

/** A pointer's arguments as `[name, canonical value]`, sorted by name. */
export type OfferEntries = readonly (readonly [string, string])[];

/** A pointer a result offers, with its identity: tool and canonical arguments. */
export interface Offer {
  readonly tool: string;
  readonly entries: OfferEntries;
  /** Equal for two pointers exactly when their tool and canonical arguments are. */
  readonly key: string;
}

/**
 * One spelling per value so that `5` and `"5"` compare equal: a rendered pointer may quote a number.
 *
 * @example
 * canonical(5) === canonical('5'); // true
 */
export function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
}

function offersIn(text: string): Offer[] {
  return parsePointers(text).map(({ tool, args }) => {
    const entries = Object.entries(args)
      .map(([key, value]) => [key, canonical(value)] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return { tool, entries, key: JSON.stringify([tool, ...entries]) };
  });
}

/** How many results' offers each store keeps (least recently used dropped first). */
export const CACHED_BLOBS_PER_STORE = 4096;

// A result is named by the sha256 of its whole text (its blob's name, whether or not the preview
// holds all of it), so its offers follow from its name. A run's store is shared by every arm, task
// and repeat, where one result often recurs: the offers of recent results are kept per store (a
// bounded map, so memory stays flat however many are scored), and a result met again is neither
// measured, read nor parsed.
const cachePerStore = new WeakMap<BlobReader, LRUCache<string, readonly Offer[]>>();

// Offers parsed from a text hold slices of it (V8 shares a substring's parent): a kept copy is
// rebuilt from each offer's key (a string of its own, made by JSON.stringify, that spells the tool
// and the entries) so that the cache holds the offers' few bytes, not every result they came from.
function detached(offers: Offer[]): readonly Offer[] {
  return offers.map(({ key }) => {
    const [tool, ...entries] = JSON.parse(key) as [string, ...(readonly [string, string])[]];
    return { tool, entries, key };
  });
}

/**
 * The pointers a call's whole result offers: parsed from the preview when it is whole, else from
 * the blob, else, when the store lacks the blob, from the preview. A result is parsed (and its blob
 * read) at most once per store while it stays among the recently used.
 *
 * @example
 * resultOffers(trajectory, event); // [{ tool: 'get_symbol', entries: [['target', 'a.B']], key: '["get_symbol",["target","a.B"]]' }]
 */
export function resultOffers(trajectory: Trajectory, event: ToolEvent): readonly Offer[] {
  const blobs = trajectory.blobs;
  let cache = cachePerStore.get(blobs);
  if (cache === undefined) {
    cache = new LRUCache({ max: CACHED_BLOBS_PER_STORE });
    cachePerStore.set(blobs, cache);
  }
  const cached = cache.get(event.blob);
  if (cached !== undefined) return cached;
  const whole = previewIsWhole(event);
  const text = whole ? event.preview : resultText(trajectory, event);
  const offers = offersIn(text);
  // A blob the store does not hold falls back to this event's preview: nothing to keep by name.
  if (whole || text !== event.preview) {
    cache.set(event.blob, detached(offers));
  }
  return offers;
}
