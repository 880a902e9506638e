import { invalidOption } from '../../../core/index.js';
import type { TrajectoryMetrics } from '../../../trajectory/index.js';
import { metricsRow } from '../../../trajectory/index.js';
import type { ObjectiveConfig } from '../config/config-schema.js';

/** A metrics row as `metricsRow` gives it (report names; booleans 0/1; undefined `null`). */
export type MetricsRow = Readonly<Record<string, number | null>>;

/** Each term of the objective, in [0, 1], higher better; `null` when undefined for the task. */
export function objectiveTerms(
  row: MetricsRow,
  judgeScore: number | null = null,
): Record<keyof ObjectiveConfig['weights'], number | null> {
  const reached = row.needle_reached ?? null;
  const calls = row.tool_calls_to_first_gold ?? null;
  const needless = row.needless_call_rate ?? null;
  const total = row.tool_calls_total ?? null;
  return {
    answered: row.answered ?? null,
    gold_reached: reached,
    needless_call_rate: needless === null ? null : 1 - needless,
    // Gold that exists but was never reached is the worst case (0), not undefined.
    calls_to_first_gold: reached === null ? null : reached === 0 ? 0 : calls === null ? null : 1 / calls,
    // Every call is work: one call scores 1, four 0.25; a run that needed none did the least.
    tool_calls: total === null ? null : 1 / Math.max(1, total),
    judge_score: judgeScore,
  };
}

/**
 * One task's objective from its metrics row: `null` when any gate or weighted term is undefined
 * (no gold for a gold term, no judge verdict), so the task drops out of the pairing and is never
 * counted as 0; else 0 when a gate fails; else sum(w * term) / sum(w), in [0, 1].
 *
 * @example
 * // answered, gold reached at the 4th call, needless rate 0.25; weights gold 2, calls 1, needless 1:
 * objectiveOf({ answered: 1, needle_reached: 1, tool_calls_to_first_gold: 4, needless_call_rate: 0.25 },
 *   { gates: ['answered'], weights: { answered: 0, gold_reached: 2, needless_call_rate: 1, calls_to_first_gold: 1, tool_calls: 0, judge_score: 0 } });
 * // (2 * 1 + 1 * 0.75 + 1 * 0.25) / 4 = 0.75
 */
export function objectiveOf(
  row: MetricsRow,
  objective: ObjectiveConfig,
  judgeScore: number | null = null,
): number | null {
  if (judgeScore !== null && !(judgeScore >= 0 && judgeScore <= 1)) {
    throw invalidOption('judgeScore', 'a number in [0, 1] or null', judgeScore);
  }
  const terms = objectiveTerms(row, judgeScore);
  const gates = objective.gates.map((gate) => terms[gate]);
  const weighted = (Object.keys(objective.weights) as (keyof typeof terms)[]).filter(
    (key) => objective.weights[key] > 0,
  );
  if (gates.some((g) => g === null) || weighted.some((key) => terms[key] === null)) return null;
  if (gates.some((g) => g === 0)) return 0;
  let sum = 0;
  let total = 0;
  for (const key of weighted) {
    sum += objective.weights[key] * terms[key]!;
    total += objective.weights[key];
  }
  return total === 0 ? null : sum / total;
}

/**
 * `objectiveOf` over a trajectory's metrics bundle.
 *
 * @example
 * objectiveOfMetrics(computeMetrics(trajectory, task), config.objective);
 */
export function objectiveOfMetrics(
  metrics: TrajectoryMetrics,
  objective: ObjectiveConfig,
  judgeScore: number | null = null,
): number | null {
  return objectiveOf(metricsRow(metrics), objective, judgeScore);
}

/**
 * Which paired test the objective takes: `binary` (0/1 per task: McNemar exact) when exactly one
 * term is weighted and it is 0/1 (`answered`, `gold_reached`) and each task is run once (gates
 * multiply a 0/1 term into 0/1); otherwise `continuous` (Wilcoxon signed-rank). Repeats average
 * into fractions, so they are continuous.
 *
 * @example
 * objectiveKind({ gates: ['answered'], weights: { answered: 0, gold_reached: 1, needless_call_rate: 0, calls_to_first_gold: 0, tool_calls: 0, judge_score: 0 } }, 1);
 * // 'binary'
 */
export function objectiveKind(objective: ObjectiveConfig, repeats = 1): 'binary' | 'continuous' {
  const weighted = Object.entries(objective.weights).filter(([, w]) => w > 0);
  const binary =
    weighted.length === 1 && (weighted[0]![0] === 'answered' || weighted[0]![0] === 'gold_reached');
  return binary && repeats === 1 ? 'binary' : 'continuous';
}

/**
 * One task's objective over its repeats: the mean of the defined ones, `null` when none is.
 *
 * @example
 * meanOverRepeats([1, null, 0]); // (1 + 0) / 2 = 0.5
 */
export function meanOverRepeats(values: readonly (number | null)[]): number | null {
  let sum = 0;
  let n = 0;
  for (const v of values) {
    if (v === null) continue;
    sum += v;
    n++;
  }
  return n === 0 ? null : sum / n;
}
