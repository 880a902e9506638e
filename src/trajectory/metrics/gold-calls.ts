import {
  type GoldMatcher,
  goldKindOf,
  goldMatcher,
  type RelevanceOptions,
  type ScoredTask,
} from '../../retrieval/index.js';
import type { ToolEvent } from '../schema.js';
import type { Trajectory } from '../trajectory.js';
import { callItems } from './call-items.js';
import { callsInOrder } from './calls.js';
import { resultText } from './result-text.js';

/**
 * Whether a call surfaced a gold item by any means: a row it ranked, an identifier it returned
 * (a read file, a symbol's file, a grep hit, a reference edge), or, for a function-body gold, the
 * body inside its whole result text. One predicate: the retrieval layer's.
 */
export function surfacedGold(
  trajectory: Trajectory,
  event: ToolEvent,
  match: GoldMatcher,
  bodyGold: boolean,
): boolean {
  if (callItems(event).some((item) => match(item) !== null)) return true;
  if (event.rows !== undefined && event.identifiers.some((id) => match({ path: id, doc_id: id }) !== null)) {
    return true;
  }
  return bodyGold && event.ok && match({ text: resultText(trajectory, event) }) !== null;
}

/**
 * The `seq` of every call that surfaced a gold item (ascending), by the predicate behind
 * `tool_calls_to_first_gold` and `needle_reached`; `null` when there is no task or it has no gold.
 * A viewer marks these calls; the first of them is the one `tool_calls_to_first_gold` counts to.
 *
 * @example
 * goldCalls(trajectory, { id: 't', question: 'q', gold: { files: ['a.py'] } }); // [0, 3]
 */
export function goldCalls(
  trajectory: Trajectory,
  task: ScoredTask | null,
  options: { relevance?: RelevanceOptions } = {},
): readonly number[] | null {
  if (task === null) return null;
  const match = goldMatcher(task, options.relevance);
  if (match === null) return null;
  const bodyGold = goldKindOf(task, options.relevance) === 'body';
  return callsInOrder(trajectory)
    .filter(({ event }) => surfacedGold(trajectory, event, match, bodyGold))
    .map(({ event }) => event.seq);
}
