import { goldKindOf, goldMatcher, type RelevanceOptions, type ScoredTask } from '../../retrieval/index.js';
import type { Trajectory } from '../trajectory.js';
import { callsInOrder } from './calls.js';
import { surfacedGold } from './gold-calls.js';
import { contentReadingTools, REFERENCE_TOOL_ROLES, type ToolRoles } from './tool-roles.js';

/** When the run first reached the gold; every field `null` when the task has no gold. */
export interface GoldReach {
  /** 1-based count of calls up to and including the first that surfaced a gold item; `null` when none did. */
  readonly tool_calls_to_first_gold: number | null;
  /** `tool_calls_to_first_gold` is not null. */
  readonly needle_reached: boolean | null;
  /** `result.turns` minus the turn of that first gold call. */
  readonly turns_after_needle: number | null;
  /** Calls after that first gold call. */
  readonly calls_after_first_gold: number | null;
  /** Calls after the first read or symbol lookup that returned gold. */
  readonly calls_after_first_gold_read: number | null;
}

const NO_GOLD: GoldReach = Object.freeze({
  tool_calls_to_first_gold: null,
  needle_reached: null,
  turns_after_needle: null,
  calls_after_first_gold: null,
  calls_after_first_gold_read: null,
});

/**
 * `tool_calls_to_first_gold`, `needle_reached` (one predicate), `turns_after_needle`,
 * `calls_after_first_gold` and `calls_after_first_gold_read`.
 *
 * @example
 * goldReach(trajectory, { id: 't', question: 'q', gold: { files: ['a.py'] } });
 * // { tool_calls_to_first_gold: 2, needle_reached: true, turns_after_needle: 1, calls_after_first_gold: 3, calls_after_first_gold_read: 1 }
 */
export function goldReach(
  trajectory: Trajectory,
  task: ScoredTask | null,
  options: { roles?: ToolRoles; relevance?: RelevanceOptions } = {},
): GoldReach {
  if (task === null) return NO_GOLD;
  const match = goldMatcher(task, options.relevance);
  if (match === null) return NO_GOLD;
  const bodyGold = goldKindOf(task, options.relevance) === 'body';
  const reading = contentReadingTools(options.roles ?? REFERENCE_TOOL_ROLES);
  const calls = callsInOrder(trajectory);
  let first: { index: number; turn: number } | undefined;
  let firstRead: number | undefined;
  for (const [index, { event, turn }] of calls.entries()) {
    if (!surfacedGold(trajectory, event, match, bodyGold)) continue;
    first ??= { index, turn };
    if (reading.has(event.tool)) {
      firstRead = index;
      break;
    }
  }
  if (first === undefined) {
    return { ...NO_GOLD, needle_reached: false };
  }
  return {
    tool_calls_to_first_gold: first.index + 1,
    needle_reached: true,
    turns_after_needle: trajectory.result.turns - first.turn,
    calls_after_first_gold: calls.length - (first.index + 1),
    calls_after_first_gold_read: firstRead === undefined ? null : calls.length - (firstRead + 1),
  };
}
