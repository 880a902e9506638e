// What K repeats buy. A task's value is the mean of its K repeats, so over tasks it varies as
// sigma_between^2 + sigma_within^2 / K: repeats shrink the rollout noise, never the spread of the
// tasks themselves. The components are read from a pilot by the one-way random-effects ANOVA
// (Searle, Casella & McCulloch 1992, Variance Components, §3.5, unbalanced by design: a repeat
// that failed leaves its task with fewer values).
import { sampleStandardDeviation, sampleVariance } from 'simple-statistics';
import { invalidOption } from '../core/index.js';
import { definedValues, type MaybeNumber, mean } from './defined.js';
import { checkNumber } from './power-options.js';

export interface RepeatedSdOptions {
  /** The sd of the tasks' true values (for a paired row: of the tasks' true paired differences). */
  betweenSd: number | null | undefined;
  /** The sd of one repeat around its task's true value (for a paired row: of one repeat's difference). */
  withinSd: number | null | undefined;
  /** K, the repeats each task's value averages. */
  repeats: number;
}

export interface VarianceComponents {
  /** Tasks with at least one defined value. */
  tasks: number;
  /** Defined values over all tasks. */
  values: number;
  /** The within-task mean square's root: pooled over tasks with two or more values; `null` with none. */
  withinSd: number | null;
  /** sqrt(max(0, (MSB - MSW) / n0)), n0 = (N - sum k_i^2 / N) / (tasks - 1); `null` under 2 tasks or no within part. */
  betweenSd: number | null;
  /** The sample sd of the tasks' means: what a paired test at the pilot's K sees; `null` under 2 tasks. */
  taskMeanSd: number | null;
}

/**
 * The sd of a task's mean over K repeats: sqrt(betweenSd^2 + withinSd^2 / K); give it to
 * `minimumDetectableEffect` as `sd` to see what K buys. `null` when either part is unknown.
 *
 * @example
 * repeatedSd({ betweenSd: 0.15, withinSd: 0.26, repeats: 3 }); // sqrt(0.0225 + 0.0676 / 3) = 0.212211
 */
export function repeatedSd(options: RepeatedSdOptions): number | null {
  const { repeats } = options;
  if (typeof repeats !== 'number' || !Number.isInteger(repeats) || repeats < 1) {
    throw invalidOption('repeats', 'a positive integer', repeats);
  }
  const parts = [options.betweenSd, options.withinSd];
  if (parts.some((part) => part === null || part === undefined)) return null;
  const between = checkNumber('betweenSd', options.betweenSd, 0, false);
  const within = checkNumber('withinSd', options.withinSd, 0, false);
  return Math.sqrt(between * between + (within * within) / repeats);
}

/**
 * Splits a pilot's per-task repeat values into the between-task and within-task sds. For a
 * paired row pass, per task, each repeat's paired difference (candidate - baseline at that
 * repeat); one arm's values give that arm's parts instead (its withinSd times sqrt(2) is a paired
 * difference's, the rollouts of the two arms being independent). An A/A pilot's true betweenSd is
 * 0: the arms are one commit, so it shows the noise floor, not how a real change varies by task.
 * Nulls are dropped; a task left with no value is not counted.
 *
 * @example
 * varianceComponents([[1, 3], [4, 6], [7, 9]]);
 * // MSW = 2, means 2, 5, 8: MSB = 2 * 9 = 18, n0 = 2: betweenSd = sqrt((18 - 2) / 2) = 2.828427
 * // { tasks: 3, values: 6, withinSd: 1.414214, betweenSd: 2.828427, taskMeanSd: 3 }
 */
export function varianceComponents(perTask: Iterable<readonly MaybeNumber[]>): VarianceComponents {
  const groups: number[][] = [];
  for (const values of perTask) {
    if (!Array.isArray(values)) throw invalidOption('perTask', 'an iterable of arrays of numbers', values);
    const defined = definedValues(values);
    for (const value of defined) {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw invalidOption('perTask', 'an iterable of arrays of finite numbers', value);
      }
    }
    if (defined.length > 0) groups.push(defined);
  }
  const tasks = groups.length;
  const values = groups.reduce((sum, group) => sum + group.length, 0);
  let withinSquares = 0;
  for (const group of groups) {
    if (group.length >= 2) withinSquares += (group.length - 1) * sampleVariance(group);
  }
  const msw = values > tasks ? withinSquares / (values - tasks) : null;
  const means = groups.map((group) => mean(group)!);
  if (tasks < 2)
    return {
      tasks,
      values,
      withinSd: msw === null ? null : Math.sqrt(msw),
      betweenSd: null,
      taskMeanSd: null,
    };

  const grand = mean(groups.flat())!;
  let betweenSquares = 0;
  for (const [i, group] of groups.entries()) betweenSquares += group.length * (means[i]! - grand) ** 2;
  const msb = betweenSquares / (tasks - 1);
  const n0 = (values - groups.reduce((sum, group) => sum + group.length ** 2, 0) / values) / (tasks - 1);
  return {
    tasks,
    values,
    withinSd: msw === null ? null : Math.sqrt(msw),
    betweenSd: msw === null ? null : Math.sqrt(Math.max(0, (msb - msw) / n0)),
    taskMeanSd: sampleStandardDeviation(means),
  };
}
