/**
 * Whether `needle` occurs in `haystack` as a contiguous run (Knuth-Morris-Pratt, linear time).
 * An empty needle is contained everywhere; callers refuse an empty gold before asking.
 *
 * @example
 * containsTokens(['a', 'b', 'c'], ['b', 'c']); // true
 * containsTokens(['a', 'b', 'c'], ['a', 'c']); // false
 */
export function containsTokens(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0) return true;
  if (needle.length > haystack.length) return false;
  const fail = new Array<number>(needle.length).fill(0);
  for (let i = 1, k = 0; i < needle.length; i++) {
    while (k > 0 && needle[i] !== needle[k]) k = fail[k - 1]!;
    if (needle[i] === needle[k]) k++;
    fail[i] = k;
  }
  for (let i = 0, k = 0; i < haystack.length; i++) {
    while (k > 0 && haystack[i] !== needle[k]) k = fail[k - 1]!;
    if (haystack[i] === needle[k]) k++;
    if (k === needle.length) return true;
  }
  return false;
}
