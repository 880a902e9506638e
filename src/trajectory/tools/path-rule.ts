import { corpusFile, isCorpusDir } from './corpus-files.js';
import { isPathLike, type PathPlace } from './path-grammar.js';

/**
 * The one rule for whether a string read off a tool result names a file, and under which name:
 * every reader of results (the text extractor behind the live recording proxy, the importers'
 * extractor, the search rung, the offline policy) puts each candidate through a `PathRule`.
 */

/**
 * A candidate's identifier, or `null` when it names no file. `place` says where it was read
 * (`path-grammar.ts`); `bases` are the directories the call named, for paths printed relative to
 * them.
 */
export type PathRule = (candidate: string, place: PathPlace, bases?: readonly string[]) => string | null;

/**
 * The rule for one corpus. With a corpus directory that exists, a candidate counts only where it
 * names one of its files, and is recorded relative to it (`shop/cart.py`), whatever its shape
 * (spaces, dots in the directories above, a drive-less relative path); with none (or one not on
 * this machine), it counts where it is shaped like a path (`isPathLike`) and is kept as printed.
 *
 * @example
 * pathRule('/repo')('/repo/shop/cart.py', 'line');     // 'shop/cart.py' (when that file exists)
 * pathRule('/repo')('2026-12-04T20:06:17Z', 'value');  // null
 * pathRule(null)('shop/cart.py', 'token');             // 'shop/cart.py'
 * pathRule(null)('1.2.3', 'value');                    // null
 */
export function pathRule(corpus: string | null | undefined): PathRule {
  if (!isCorpusDir(corpus)) return (candidate, place) => (isPathLike(candidate, place) ? candidate : null);
  return (candidate, _place, bases = []) => corpusFile(candidate, corpus, bases);
}
