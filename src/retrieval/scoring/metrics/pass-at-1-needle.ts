import { goldMatcher } from '../relevance.js';
import type { RankedItem, RelevanceOptions, ScoredTask } from '../types.js';

/**
 * The report's `pass@1-needle`: 1 when the first item contains the gold function body, else 0
 * (an empty list is 0); `null` when the task has no body gold, whatever `kind` says.
 *
 * @example
 * passAt1Needle([{ path: 'a.go', text: 'func F() int { return 1 }' }], { id: 't', gold: { body: 'func F() int {\n\treturn 1\n}' } }); // 1
 */
export function passAt1Needle(
  items: readonly RankedItem[],
  task: ScoredTask,
  options: RelevanceOptions = {},
): 0 | 1 | null {
  const match = goldMatcher(task, { ...options, kind: 'body' });
  if (match === null) return null;
  const first = items[0];
  return first !== undefined && match(first) !== null ? 1 : 0;
}
