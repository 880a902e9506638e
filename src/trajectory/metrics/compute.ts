import { AgentTrackError } from '../../core/index.js';
import type { RelevanceOptions, ScoredTask } from '../../retrieval/index.js';
import type { Outcome } from '../schema.js';
import type { Trajectory } from '../trajectory.js';
import { batchVsFanoutRatio } from './batch-ratio.js';
import { goldReach } from './gold-reach.js';
import { needlessCalls } from './needless.js';
import { outcomeTurns } from './outcome-turns.js';
import { parallelCallsPerTurn } from './parallel.js';
import { pointerFollowing } from './pointers.js';
import { type SearchCallScores, searchRetrieval } from './search-retrieval.js';
import { type ToolCallsUsed, toolCallsUsed } from './tool-calls-used.js';
import { REFERENCE_TOOL_ROLES, type ToolRoles } from './tool-roles.js';
import { toolUsage } from './tool-usage.js';
import { type UsageTotals, usageTotals } from './usage.js';

/** Options of `computeMetrics`. */
export interface ComputeMetricsOptions {
  /** Which tool plays which part. Default: the reference server's (`REFERENCE_TOOL_ROLES`). */
  readonly roles?: ToolRoles | undefined;
  /** Passed to the retrieval layer's relevance predicate (gold kind, case folding, language). */
  readonly relevance?: RelevanceOptions | undefined;
}

type SearchMean = 'recall@1' | 'recall@5' | 'recall@10' | 'hit@1' | 'hit@5' | 'hit@10' | 'mrr';

/** Every metric of one trajectory, keyed by report name; `null` where undefined, never 0. */
export interface TrajectoryMetrics extends Readonly<Record<SearchMean, number | null>> {
  readonly task_id: string;
  readonly needless_call_rate: number | null;
  readonly needless_calls: number;
  readonly resurfacing_count: number;
  readonly resurfacing_rate: number | null;
  readonly zero_yield_count: number;
  readonly zero_yield_rate: number | null;
  readonly fan_out_where_batch_count: number;
  readonly fan_out_where_batch_rate: number | null;
  readonly tool_mismatch_count: number;
  readonly tool_mismatch_rate: number | null;
  readonly pointer_followed_rate: number | null;
  readonly pointers_offered: number;
  readonly pointers_followed: number;
  readonly parallel_calls_per_turn: number | null;
  readonly batch_vs_fanout_ratio: number | null;
  readonly search_calls: readonly SearchCallScores[];
  readonly first_call: SearchCallScores | null;
  readonly best_call: SearchCallScores | null;
  readonly 'trajectory_recall@1': number | null;
  readonly 'trajectory_recall@5': number | null;
  readonly 'trajectory_recall@10': number | null;
  readonly reformulations: number | null;
  readonly tool_calls_to_first_gold: number | null;
  readonly needle_reached: boolean | null;
  readonly turns_after_needle: number | null;
  readonly calls_after_first_gold: number | null;
  readonly calls_after_first_gold_read: number | null;
  readonly tool_calls_total: number;
  readonly distinct_tools_used: number;
  readonly calls_by_tool: Readonly<Record<string, number>>;
  readonly tool_calls_used: ToolCallsUsed;
  readonly usage: UsageTotals | null;
  readonly outcome: Outcome;
  readonly near_cap: boolean | null;
  readonly turns: number;
  readonly turn_budget: number | null;
  readonly turns_to_answer_penalised: number | null;
}

const SEARCH_MEANS: readonly SearchMean[] = [
  'recall@1',
  'recall@5',
  'recall@10',
  'hit@1',
  'hit@5',
  'hit@10',
  'mrr',
];

// The run's per-search-call scores as one number per trajectory: their mean; null with no scored call.
function searchMeans(calls: readonly SearchCallScores[]): Record<SearchMean, number | null> {
  const means = {} as Record<SearchMean, number | null>;
  for (const key of SEARCH_MEANS) {
    means[key] = calls.length === 0 ? null : calls.reduce((sum, call) => sum + call[key], 0) / calls.length;
  }
  return means;
}

/**
 * Every trajectory metric in one bundle, keyed by the report names. `task` carries the gold;
 * without one (or without gold) the gold-dependent metrics are `null`. Linear in the number of
 * calls: the calls are sorted once and every metric is one pass.
 *
 * @example
 * const metrics = computeMetrics(trajectory, task, { roles: REFERENCE_TOOL_ROLES });
 * metrics.needless_call_rate; // 0.25
 * metrics['recall@5']; // mean over the run's search calls, or null
 */
export function computeMetrics(
  trajectory: Trajectory,
  task: ScoredTask | null = null,
  options: ComputeMetricsOptions = {},
): TrajectoryMetrics {
  if (task !== null && task.id !== trajectory.task_id) {
    throw new AgentTrackError(
      'TASK_MISMATCH',
      `Expected the task of trajectory \`${trajectory.task_id}\`${trajectory.dir === undefined ? '' : ` (\`${trajectory.dir}\`)`}, got task \`${task.id}\``,
      { data: { trajectory_task: trajectory.task_id, task: task.id, dir: trajectory.dir } },
    );
  }
  const roles = options.roles ?? REFERENCE_TOOL_ROLES;
  const scoped = { roles, relevance: options.relevance };
  const needless = needlessCalls(trajectory, roles);
  const pointers = pointerFollowing(trajectory);
  const search = searchRetrieval(trajectory, task, scoped);
  const reach = goldReach(trajectory, task, scoped);
  const ending = outcomeTurns(trajectory, roles);
  return {
    task_id: trajectory.task_id,
    needless_call_rate: needless.rate,
    needless_calls: needless.count,
    resurfacing_count: needless.resurfacing.count,
    resurfacing_rate: needless.resurfacing.rate,
    zero_yield_count: needless.zero_yield.count,
    zero_yield_rate: needless.zero_yield.rate,
    fan_out_where_batch_count: needless.fan_out_where_batch.count,
    fan_out_where_batch_rate: needless.fan_out_where_batch.rate,
    tool_mismatch_count: needless.tool_mismatch.count,
    tool_mismatch_rate: needless.tool_mismatch.rate,
    pointer_followed_rate: pointers.rate,
    pointers_offered: pointers.offered,
    pointers_followed: pointers.followed,
    parallel_calls_per_turn: parallelCallsPerTurn(trajectory),
    batch_vs_fanout_ratio: batchVsFanoutRatio(trajectory, roles),
    ...searchMeans(search.calls),
    search_calls: search.calls,
    first_call: search.first_call,
    best_call: search.best_call,
    'trajectory_recall@1': search['trajectory_recall@1'],
    'trajectory_recall@5': search['trajectory_recall@5'],
    'trajectory_recall@10': search['trajectory_recall@10'],
    reformulations: search.reformulations,
    ...reach,
    ...toolUsage(trajectory),
    tool_calls_used: toolCallsUsed(trajectory, scoped),
    usage: usageTotals(trajectory),
    outcome: ending.outcome,
    near_cap: ending.near_cap,
    turns: ending.turns,
    turn_budget: ending.turn_budget,
    turns_to_answer_penalised: ending.turns_to_answer_penalised,
  };
}
