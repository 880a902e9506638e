import { z } from 'zod';
import { invalidOption } from '../../core/index.js';
import { METRIC_COLUMNS } from '../../trajectory/index.js';

export type Direction = 'lower' | 'higher';

/**
 * A before-after decision rule, stated in the plan and the report before any number: the primary
 * row and its direction; the guard rows that block a success when significantly worse; the rows
 * watched (a significant move against their direction is shown beside the headline, never failed).
 */
export interface DecisionRule {
  primary: { key: string; direction: Direction };
  guards: readonly { key: string; direction: Direction }[];
  watched: readonly { key: string; direction: Direction }[];
}

const rowSchema = z.object({ key: z.string(), direction: z.enum(['lower', 'higher']) }).strict();

/** The rule as `plan.json` and `report.json` keep it. */
export const decisionRuleSchema = z
  .object({ primary: rowSchema, guards: z.array(rowSchema), watched: z.array(rowSchema) })
  .strict();

/** A rule as `plan.json` and `report.json` keep it (default: `DEFAULT_DECISION_RULE`). */
export function recordedRule(rule: DecisionRule = DEFAULT_DECISION_RULE): z.infer<typeof decisionRuleSchema> {
  return {
    primary: { ...rule.primary },
    guards: rule.guards.map((g) => ({ ...g })),
    watched: rule.watched.map((w) => ({ ...w })),
  };
}

/** The rule a run follows when `--primary` and `--guard` are not given. */
export const DEFAULT_DECISION_RULE: DecisionRule = {
  primary: { key: 'needless_call_rate', direction: 'lower' },
  guards: [
    { key: 'tool_calls_to_first_gold', direction: 'lower' },
    { key: 'needle_reached', direction: 'higher' },
  ],
  watched: [
    { key: 'turns', direction: 'lower' },
    { key: 'tool_calls_total', direction: 'lower' },
    { key: 'usage.prompt', direction: 'lower' },
    { key: 'usage.completion', direction: 'lower' },
  ],
};

/** Every report row a rule can name, with the direction that is better: a row with none cannot decide. */
export const RULE_METRICS: ReadonlyMap<string, Direction> = new Map(
  METRIC_COLUMNS.flatMap((c) => (c.direction === 'neither' ? [] : [[c.key, c.direction] as const])),
);

/**
 * One row of a rule by its key, with its better direction; refused by option name, listing the
 * rows allowed, when the report has no such row or it has no better direction.
 *
 * @example
 * ruleRow('--primary', 'needle_reached'); // { key: 'needle_reached', direction: 'higher' }
 */
export function ruleRow(option: string, key: string): { key: string; direction: Direction } {
  const direction = RULE_METRICS.get(key);
  if (direction === undefined) {
    throw invalidOption(
      option,
      `a report row with a better direction (${[...RULE_METRICS.keys()].join(', ')})`,
      key,
    );
  }
  return { key, direction };
}

/**
 * The rule from `--primary METRIC` and `--guard METRIC` (repeatable), each a report row with a better
 * direction (its own: `needle_reached` higher, `turns` lower), refused by option name otherwise.
 * Guards given replace the default guards (`[]` with `primary` given: no guard); the watched rows
 * are the default ones the primary and guards do not name. Nothing given: `DEFAULT_DECISION_RULE`.
 *
 * @example
 * decisionRule({ primary: 'needle_reached', guards: ['turns'] });
 * // { primary: { key: 'needle_reached', direction: 'higher' }, guards: [{ key: 'turns', direction: 'lower' }], watched: [tool_calls_total, usage.prompt, usage.completion] }
 */
export function decisionRule(choice: { primary?: string; guards?: readonly string[] }): DecisionRule {
  if (choice.primary === undefined && choice.guards === undefined) return DEFAULT_DECISION_RULE;
  const primary =
    choice.primary === undefined ? DEFAULT_DECISION_RULE.primary : ruleRow('--primary', choice.primary);
  const guards =
    choice.guards === undefined
      ? DEFAULT_DECISION_RULE.guards.filter((g) => g.key !== primary.key)
      : choice.guards.map((key) => ruleRow('--guard', key));
  const named = new Set<string>();
  for (const guard of guards) {
    if (guard.key === primary.key)
      throw invalidOption('--guard', `a row other than the primary (${primary.key})`, guard.key);
    if (named.has(guard.key)) throw invalidOption('--guard', 'each row once', guard.key);
    named.add(guard.key);
  }
  const watched = DEFAULT_DECISION_RULE.watched.filter((w) => w.key !== primary.key && !named.has(w.key));
  return { primary, guards, watched };
}

/**
 * The fewest pairs with which a one-sided signed-rank (or McNemar) test can reach p < α at all:
 * its smallest p is 1/2^n, so n = floor(log2(1/α)) + 1 (5 at α = 0.05: 1/2^4 = 0.0625).
 */
export function minimumPairs(alpha: number): number {
  return Math.floor(Math.log2(1 / alpha)) + 1;
}

/** The rule as one sentence, for the plan and the report. */
export function decisionRuleText(alpha: number, rule: DecisionRule = DEFAULT_DECISION_RULE): string {
  const arrow = (d: Direction) => (d === 'lower' ? '↓' : '↑');
  const { primary, guards, watched } = rule;
  const minPairs = minimumPairs(alpha);
  const guardText =
    guards.length === 0
      ? 'no guard is set'
      : `no guard (${guards.map((g) => `${g.key} ${arrow(g.direction)}`).join(', ')}) is significantly worse`;
  const watchedText =
    watched.length === 0
      ? ''
      : ` Watched (shown when significantly worse): ${watched.map((w) => `${w.key} ${arrow(w.direction)}`).join(', ')}.`;
  return `Decision rule: succeeds when ${primary.key} ${arrow(primary.direction)} moves its way at one-sided p < ${alpha} and ${guardText}; fails when ${primary.key} is significantly worse${guards.length === 0 ? '' : ' or a guard is'}; no change when neither; inconclusive under ${minPairs} pairs.${watchedText}`;
}
