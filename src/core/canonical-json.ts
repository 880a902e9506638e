function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

// Whether a value is plain JSON whose keys are already in sorted order at every depth (JSON.stringify
// then writes what sortKeys would make, without copying it). Anything else takes the sorting path.
function inSortedOrder(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) return value.every(inSortedOrder);
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  let previous: string | undefined;
  for (const key in value) {
    if (previous !== undefined && !(previous < key)) return false;
    if (!inSortedOrder((value as Record<string, unknown>)[key])) return false;
    previous = key;
  }
  return true;
}

/**
 * A value's canonical JSON: keys sorted at every depth, `undefined` members left out, no
 * whitespace, so the same object in any key order or layout has the same text.
 *
 * @example
 * canonicalJson({ b: 1, a: { d: 2, c: 3 } }); // '{"a":{"c":3,"d":2},"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(inSortedOrder(value) ? value : sortKeys(value));
}
