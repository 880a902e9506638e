import { z } from 'zod';
import { pValueText } from '../../../report/index.js';
import { nonInferiorityTest, pairValues } from '../../../stats/index.js';
import { METRIC_COLUMNS } from '../../../trajectory/index.js';
import type { GuardObjective } from '../config/config-schema.js';

/** One guard objective's test at a confirmation, as logged. */
export const guardResultSchema = z
  .object({
    metric: z.string(),
    direction: z.enum(['higher', 'lower']),
    /** The margin tested, in the metric's units (a relative margin times the incumbent's mean). */
    margin: z.number().nullable(),
    relative: z.boolean(),
    incumbent_mean: z.number().nullable(),
    candidate_mean: z.number().nullable(),
    pairs: z.number().int().min(0),
    pvalue: z.number().nullable(),
    passed: z.boolean(),
    line: z.string(),
  })
  .strict();
export type GuardResult = z.infer<typeof guardResultSchema>;

const mean = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
const fmt = (x: number | null, digits = 4) => (x === null ? 'n/a' : Number(x.toPrecision(digits)).toString());

/**
 * Each guard objective tested for non-inferiority on the held-out pairs (tasks both defined): a
 * one-sided paired t-test at the margin against the metric's better direction
 * (`nonInferiorityTest`); a relative margin is `margin` times the incumbent's mean over the pairs
 * (undefined when that mean is 0 or undefined: the guard cannot pass). An intersection-union test:
 * every guard at `alpha`, the candidate accepted only when all pass.
 *
 * @example
 * guardTests([{ objective: { metric: 'tool_calls_total', margin: 0.1, relative: true }, incumbent, candidate }], 0.05);
 * // [{ metric: 'tool_calls_total', margin: 0.4, passed: true, line: 'tool_calls_total no worse than +10% (+0.4) ...' }]
 */
export function guardTests(
  guards: readonly {
    objective: GuardObjective;
    incumbent: ReadonlyMap<string, number | null>;
    candidate: ReadonlyMap<string, number | null>;
  }[],
  alpha: number,
): GuardResult[] {
  return guards.map(({ objective, incumbent, candidate }) => {
    const direction = METRIC_COLUMNS.find((c) => c.key === objective.metric)!.direction as 'higher' | 'lower';
    const { baseline: base, candidate: cand, differences } = pairValues(incumbent, candidate);
    const incumbentMean = mean(base);
    const margin = objective.relative
      ? incumbentMean === null || incumbentMean === 0
        ? null
        : Math.abs(incumbentMean) * objective.margin
      : objective.margin;
    const result =
      margin === null
        ? { pvalue: null, passed: false, n: base.length }
        : nonInferiorityTest(differences, { margin, direction, alpha });
    const worse = direction === 'lower' ? '+' : '-';
    const stated = objective.relative
      ? `${worse}${fmt(objective.margin * 100)}% (${worse}${fmt(margin)})`
      : `${worse}${fmt(margin)}`;
    const head = result.passed ? 'no worse than' : 'not shown no worse than';
    return {
      metric: objective.metric,
      direction,
      margin,
      relative: objective.relative,
      incumbent_mean: incumbentMean,
      candidate_mean: mean(cand),
      pairs: result.n,
      pvalue: result.pvalue,
      passed: result.passed,
      line: `${objective.metric} ${head} ${stated}: ${fmt(incumbentMean)} -> ${fmt(mean(cand))} (non-inferiority, one-sided paired t, ${pValueText(result.pvalue)}, ${result.n} pairs)`,
    };
  });
}
