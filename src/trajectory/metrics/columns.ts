import type { TrajectoryMetrics } from './compute.js';

/** How a row is compared across arms: its test and which way is better. */
export interface MetricColumn {
  /** Report name. */
  key: string;
  group: 'outcome' | 'turns' | 'efficiency' | 'retrieval' | 'gold' | 'used' | 'usage';
  /** `binary` rows hold 0/1 per task (McNemar); `continuous` anything (Wilcoxon). */
  kind: 'continuous' | 'binary';
  direction: 'higher' | 'lower' | 'neither';
  read: (m: TrajectoryMetrics) => number | null;
}

const flag = (value: boolean | null): number | null => (value === null ? null : value ? 1 : 0);
const col = (
  key: string,
  group: MetricColumn['group'],
  direction: MetricColumn['direction'],
  read: MetricColumn['read'],
  kind: MetricColumn['kind'] = 'continuous',
): MetricColumn => ({ key, group, kind, direction, read });

// An outcome row of a run whose transcript did not record how it ended is undefined, not 0.
const known = (m: TrajectoryMetrics, value: number): number | null =>
  m.outcome === 'unrecorded' ? null : value;
// A run that handed the task off neither answered nor failed to: `answered` is undefined for it.
const decided = (m: TrajectoryMetrics, value: number): number | null =>
  m.outcome === 'handoff' ? null : known(m, value);

/**
 * Every per-trajectory number a report aggregates, in report order, with its test and direction.
 * One list serves `agent-track metrics`, the before-after report and the optimizer.
 */
export const METRIC_COLUMNS: readonly MetricColumn[] = [
  col('answered', 'outcome', 'higher', (m) => decided(m, m.outcome === 'answered' ? 1 : 0), 'binary'),
  col(
    'budget_exhausted',
    'outcome',
    'lower',
    (m) => known(m, m.outcome === 'budget_exhausted' || m.outcome === 'exhausted_finalized' ? 1 : 0),
    'binary',
  ),
  col('near_cap', 'outcome', 'lower', (m) => flag(m.near_cap), 'binary'),
  col('turns_to_answer_penalised', 'turns', 'lower', (m) => m.turns_to_answer_penalised),
  col('turns_answered_only', 'turns', 'lower', (m) => (m.outcome === 'answered' ? m.turns : null)),
  col('turns_after_needle', 'turns', 'lower', (m) => m.turns_after_needle),
  col('turns', 'turns', 'lower', (m) => m.turns),
  col('tool_calls_total', 'turns', 'lower', (m) => m.tool_calls_total),
  col('calls_after_first_gold', 'turns', 'lower', (m) => m.calls_after_first_gold),
  col('calls_after_first_gold_read', 'turns', 'lower', (m) => m.calls_after_first_gold_read),
  col('needless_call_rate', 'efficiency', 'lower', (m) => m.needless_call_rate),
  col('resurfacing_rate', 'efficiency', 'lower', (m) => m.resurfacing_rate),
  col('zero_yield_rate', 'efficiency', 'lower', (m) => m.zero_yield_rate),
  col('fan_out_where_batch_rate', 'efficiency', 'lower', (m) => m.fan_out_where_batch_rate),
  col('tool_mismatch_rate', 'efficiency', 'lower', (m) => m.tool_mismatch_rate),
  col('pointer_followed_rate', 'efficiency', 'higher', (m) => m.pointer_followed_rate),
  col('parallel_calls_per_turn', 'efficiency', 'neither', (m) => m.parallel_calls_per_turn),
  col('batch_vs_fanout_ratio', 'efficiency', 'higher', (m) => m.batch_vs_fanout_ratio),
  col('recall@1', 'retrieval', 'higher', (m) => m['recall@1']),
  col('recall@5', 'retrieval', 'higher', (m) => m['recall@5']),
  col('recall@10', 'retrieval', 'higher', (m) => m['recall@10']),
  col('mrr', 'retrieval', 'higher', (m) => m.mrr),
  col('first_call.recall@5', 'retrieval', 'higher', (m) => m.first_call?.['recall@5'] ?? null),
  col('trajectory_recall@5', 'retrieval', 'higher', (m) => m['trajectory_recall@5']),
  col('trajectory_recall@10', 'retrieval', 'higher', (m) => m['trajectory_recall@10']),
  col('reformulations', 'retrieval', 'neither', (m) => m.reformulations),
  col('needle_reached', 'gold', 'higher', (m) => flag(m.needle_reached), 'binary'),
  col('tool_calls_to_first_gold', 'gold', 'lower', (m) => m.tool_calls_to_first_gold),
  col('tool_calls_used.ratio', 'used', 'higher', (m) => m.tool_calls_used.ratio),
  col('distinct_tools_used', 'used', 'neither', (m) => m.distinct_tools_used),
  col('usage.prompt', 'usage', 'lower', (m) => m.usage?.prompt ?? null),
  col('usage.completion', 'usage', 'lower', (m) => m.usage?.completion ?? null),
  col('usage.reasoning', 'usage', 'lower', (m) => m.usage?.reasoning ?? null),
  col('usage.cached', 'usage', 'neither', (m) => m.usage?.cached ?? null),
  col('usage.cost_usd', 'usage', 'lower', (m) => m.usage?.cost_usd ?? null),
];

/**
 * One trajectory's metrics as a flat row of numbers keyed by report name (booleans as 0/1,
 * undefined as `null`).
 *
 * @example
 * metricsRow(computeMetrics(trajectory, task)).needless_call_rate; // 0.25
 */
export function metricsRow(metrics: TrajectoryMetrics): Record<string, number | null> {
  return Object.fromEntries(METRIC_COLUMNS.map((column) => [column.key, column.read(metrics)]));
}
