import { invalidOption } from '../../core/index.js';
import { goldItems } from './gold.js';
import { goldMatcher } from './relevance.js';
import type { RankedItem, RelevanceOptions, ScoredTask } from './types.js';

/**
 * A ranked list judged once against a task: what every ranked metric is computed from. A gold
 * item is credited at its first appearance only; a later item matching the same gold item is
 * `credited: false` and gains nothing (so AP and nDCG stay in [0, 1]).
 */
export interface JudgedList {
  /** The distinct gold keys (see `goldItems`). Never empty. */
  readonly gold: readonly string[];
  /** Per rank (index 0 = rank 1): the gold key the item matches, or `null`. */
  readonly matches: readonly (string | null)[];
  /** Per rank: the item is the first in the list to match its gold key. */
  readonly credited: readonly boolean[];
}

/**
 * Judges every item of a ranked list through the one relevance predicate. `null` when the task
 * has no gold of the kind judged (every metric is then `null`, never 0).
 *
 * @example
 * judgeList([{ path: 'b.py' }, { path: 'a.py' }, { path: './a.py' }], { id: 't', gold: { files: ['a.py'] } });
 * // { gold: ['a.py'], matches: [null, 'a.py', 'a.py'], credited: [false, true, false] }
 */
export function judgeList(
  items: readonly RankedItem[],
  task: ScoredTask,
  options: RelevanceOptions = {},
): JudgedList | null {
  const match = goldMatcher(task, options);
  const gold = goldItems(task, options);
  if (match === null || gold === null) return null;
  const seen = new Set<string>();
  const matches = items.map(match);
  const credited = matches.map((key) => {
    if (key === null || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { gold, matches, credited };
}

/** Validates a cut-off: a positive integer, refused by name otherwise. */
export function checkK(k: unknown, option = 'k'): number {
  if (typeof k === 'number' && Number.isInteger(k) && k > 0) return k;
  throw invalidOption(option, 'a positive integer', k);
}
