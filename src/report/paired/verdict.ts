import { pairedComparison } from '../../stats/index.js';
import type { TrajectoryMetrics } from '../../trajectory/index.js';
import type { ReportRow } from './report-schema.js';

const fmt = (x: number | null, digits = 3) => (x === null ? 'n/a' : x.toFixed(digits));

/**
 * The one line at the top: the change succeeds when the needless-call rate goes down (one-sided
 * p below alpha) while tool calls to first gold stay flat or improve (not significantly worse:
 * the one-sided p for "more calls" is not below alpha). Says which p-values it rests on.
 */
export function verdictOf(
  rows: readonly ReportRow[],
  baseline: { metrics: ReadonlyMap<string, TrajectoryMetrics> },
  candidate: { metrics: ReadonlyMap<string, TrajectoryMetrics> },
  alpha: number,
): { success: boolean; line: string } {
  const needless = rows.find((r) => r.key === 'needless_call_rate')!;
  const gold = rows.find((r) => r.key === 'tool_calls_to_first_gold')!;
  const goldValues = (arm: typeof baseline) =>
    new Map([...arm.metrics].map(([task, m]) => [task, m.tool_calls_to_first_gold]));
  const goldWorse = pairedComparison(goldValues(baseline), goldValues(candidate), {
    kind: 'continuous',
    direction: 'higher',
  });
  if (needless.pairs === 0) {
    return { success: false, line: 'No verdict: no task was measured by both arms.' };
  }
  const fewer =
    needless.delta !== null && needless.delta < 0 && needless.pvalue !== null && needless.pvalue < alpha;
  const goldHeld = goldWorse.pvalue === null || goldWorse.pvalue >= alpha;
  const needlessText = `needless-call rate ${fmt(needless.baseline.mean)} → ${fmt(needless.candidate.mean)} (Δ ${fmt(needless.delta)}, p = ${fmt(needless.pvalue, 4)}, ${needless.pairs} pairs)`;
  const goldText =
    gold.pairs === 0
      ? 'tool calls to first gold: no pairs (gold reached by neither arm on a common task)'
      : `tool calls to first gold Δ ${fmt(gold.delta)} (p(worse) = ${fmt(goldWorse.pvalue, 4)}, ${gold.pairs} pairs)`;
  const success = fewer && goldHeld;
  const head = success
    ? 'The change succeeds:'
    : fewer
      ? 'The change does not succeed: calls are fewer needless but gold is reached later:'
      : `The change does not succeed: the needless-call rate did not go down at α = ${alpha}:`;
  return { success, line: `${head} ${needlessText}; ${goldText}.` };
}
