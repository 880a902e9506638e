import type { ToolEvent } from '../schema.js';
import type { BlobReader, Trajectory } from '../trajectory.js';
import { type Pointer, parsePointers } from './pointer-parse.js';
import { previewIsWhole, resultText } from './result-text.js';

/** How many blobs' pointers each store keeps (least recently used dropped first). */
export const CACHED_BLOBS_PER_STORE = 4096;

// A blob is named by the sha256 of its text, so its pointers follow from its name. A run's store is
// shared by every arm, task and repeat, where one result often recurs: the pointers of recently
// read blobs are kept per store (a bounded map, so memory stays flat however many are scored).
const cachePerStore = new WeakMap<BlobReader, Map<string, readonly Pointer[]>>();

// Pointers parsed from a text hold slices of it (V8 shares a substring's parent): a kept copy is
// cloned so that the cache holds the pointers' few bytes, not every blob they came from.
function detached(pointers: Pointer[]): readonly Pointer[] {
  return pointers.length === 0 ? pointers : structuredClone(pointers);
}

/**
 * The pointers a call's whole result offers: parsed from the preview when it is whole, else from
 * the blob (read at most once per store while it stays among the recently used), else, when the
 * store lacks the blob, from the preview.
 *
 * @example
 * resultPointers(trajectory, event); // [{ tool: 'get_symbol', args: { target: 'pkg.mod.Cls' } }]
 */
export function resultPointers(trajectory: Trajectory, event: ToolEvent): readonly Pointer[] {
  if (previewIsWhole(event)) return parsePointers(event.preview);
  const blobs = trajectory.blobs;
  let cache = cachePerStore.get(blobs);
  if (cache === undefined) {
    cache = new Map();
    cachePerStore.set(blobs, cache);
  }
  const cached = cache.get(event.blob);
  if (cached !== undefined) {
    cache.delete(event.blob);
    cache.set(event.blob, cached);
    return cached;
  }
  const text = resultText(trajectory, event);
  const pointers = parsePointers(text);
  // A blob the store does not hold falls back to this event's preview: nothing to keep by name.
  if (text !== event.preview) {
    cache.set(event.blob, detached(pointers));
    if (cache.size > CACHED_BLOBS_PER_STORE) cache.delete(cache.keys().next().value!);
  }
  return pointers;
}
