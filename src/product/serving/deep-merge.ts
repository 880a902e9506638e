/** A plain object: what YAML mappings parse to. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Merges `overlay` over `base`: mappings merge key by key, recursively; anything else (scalars,
 * lists, null) in the overlay replaces what the base held. Neither input is changed.
 *
 * @example
 * deepMerge({ query: { mode: 'any', stop_words: true } }, { query: { mode: 'all' } });
 * // { query: { mode: 'all', stop_words: true } }
 */
export function deepMerge(base: unknown, overlay: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(overlay)) return overlay === undefined ? base : overlay;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overlay)) {
    out[key] = key in base ? deepMerge(base[key], value) : value;
  }
  return out;
}

/** True when `path` (a list of keys) leads to a value inside `value`. */
export function hasPath(value: unknown, path: readonly PropertyKey[]): boolean {
  let current: unknown = value;
  for (const key of path) {
    if (!isPlainObject(current) || typeof key === 'symbol' || !(String(key) in current)) return false;
    current = current[String(key)];
  }
  return true;
}
