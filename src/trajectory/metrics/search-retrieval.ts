import {
  distinctFiles,
  goldKindOf,
  judgeList,
  mrrOf,
  type RelevanceOptions,
  recallAtKOf,
  type ScoredTask,
} from '../../retrieval/index.js';
import type { Trajectory } from '../trajectory.js';
import { callItems } from './call-items.js';
import { callsInOrder } from './calls.js';
import { searchQuery } from './search-query.js';
import { REFERENCE_TOOL_ROLES, type ToolRoles } from './tool-roles.js';

/** The cut-offs every search call is scored at. */
export const SEARCH_KS = [1, 5, 10] as const;

/** One search call scored as a ranked list. `recall@k` and `hit@k` are one number (1/0). */
export interface SearchCallScores {
  readonly seq: number;
  readonly query: string | null;
  readonly 'recall@1': number;
  readonly 'recall@5': number;
  readonly 'recall@10': number;
  readonly 'hit@1': number;
  readonly 'hit@5': number;
  readonly 'hit@10': number;
  readonly mrr: number;
}

/** Retrieval inside the run; every field `null` when it never searched or the task has no gold. */
export interface SearchRetrieval {
  readonly calls: readonly SearchCallScores[];
  /** The opening search. */
  readonly first_call: SearchCallScores | null;
  /** The call that ranked a gold item highest; ties (and no gold found at all) go to the earlier. */
  readonly best_call: SearchCallScores | null;
  /** Share of the gold items in the union of every search call's top k (fractional). */
  readonly 'trajectory_recall@1': number | null;
  readonly 'trajectory_recall@5': number | null;
  readonly 'trajectory_recall@10': number | null;
  /** Distinct queries (trimmed); a repeated query is not a reformulation. */
  readonly reformulations: number | null;
}

const UNDEFINED: SearchRetrieval = Object.freeze({
  calls: [],
  first_call: null,
  best_call: null,
  'trajectory_recall@1': null,
  'trajectory_recall@5': null,
  'trajectory_recall@10': null,
  reformulations: null,
});

/**
 * Every search call scored as a retrieval run in miniature, with the retrieval layer's one
 * relevance predicate and ranked metrics. Judged against file gold, a call's list is its distinct
 * files in first-seen order (`distinctFiles`: `path:line` rows of one file are one rank), so
 * `recall@5` counts five files; against doc ids or a body, its rows as given. A search that ran
 * and found nothing is a measured 0.0.
 *
 * @example
 * const scored = searchRetrieval(trajectory, { id: 't', question: 'q', gold: { files: ['a.py'] } });
 * scored.first_call?.['recall@5']; // 1
 */
export function searchRetrieval(
  trajectory: Trajectory,
  task: ScoredTask | null,
  options: { roles?: ToolRoles; relevance?: RelevanceOptions } = {},
): SearchRetrieval {
  if (task === null) return UNDEFINED;
  const search = new Set((options.roles ?? REFERENCE_TOOL_ROLES).search);
  const calls: SearchCallScores[] = [];
  const foundAt = new Map<number, Set<string>>(SEARCH_KS.map((k) => [k, new Set()]));
  const queries = new Set<string>();
  let gold = 0;
  let best: { scores: SearchCallScores; rank: number } | undefined;
  for (const { event } of callsInOrder(trajectory)) {
    if (!search.has(event.tool)) continue;
    // File gold ranks files: a grep's ten hits in one file are one rank, its fifth file rank 5.
    const items = callItems(event);
    const files = goldKindOf(task, options.relevance) === 'files';
    const judged = judgeList(
      files ? distinctFiles(items, options.relevance) : items,
      task,
      options.relevance,
    );
    if (judged === null) return UNDEFINED;
    gold = judged.gold.length;
    const hits = SEARCH_KS.map((k) => {
      const recall = recallAtKOf(judged, k);
      for (const key of recall.found) foundAt.get(k)?.add(key);
      return recall.hit;
    });
    const [at1, at5, at10] = hits as [number, number, number];
    const query = searchQuery(event);
    const scores: SearchCallScores = {
      seq: event.seq,
      query,
      'recall@1': at1,
      'recall@5': at5,
      'recall@10': at10,
      'hit@1': at1,
      'hit@5': at5,
      'hit@10': at10,
      mrr: mrrOf(judged),
    };
    calls.push(scores);
    queries.add((query ?? '').trim());
    const first = judged.credited.indexOf(true);
    const rank = first === -1 ? Number.POSITIVE_INFINITY : first;
    if (best === undefined || rank < best.rank) best = { scores, rank };
  }
  if (calls.length === 0) return UNDEFINED;
  const union = (k: number) => (foundAt.get(k)?.size ?? 0) / gold;
  return {
    calls,
    first_call: calls[0] ?? null,
    best_call: best?.scores ?? null,
    'trajectory_recall@1': union(1),
    'trajectory_recall@5': union(5),
    'trajectory_recall@10': union(10),
    reformulations: queries.size,
  };
}
