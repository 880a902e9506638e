import { z } from 'zod';
import { invalidOption } from '../../core/index.js';
import { equivalenceTest, nonInferiorityTest, pairValues } from '../../stats/index.js';
import { METRIC_COLUMNS } from '../../trajectory/index.js';
import { pValueText } from '../format-number.js';
import type { MarginVerdict, ReportRow } from './report-schema.js';
import type { RowValues } from './verdict.js';

/** Every row a paired report carries: the metric columns and the estimated dollars. */
export const REPORT_ROW_KEYS: readonly string[] = [
  ...METRIC_COLUMNS.map((column) => column.key),
  'estimated_usd',
];

/**
 * One `METRIC=VALUE` margin read and checked: the metric a report row, the value a finite number
 * above 0. Refused by option name and value otherwise, before any work.
 *
 * @example
 * parseMargin('--margin', 'needle_reached=0.05'); // ['needle_reached', 0.05]
 */
export function parseMargin(
  option: string,
  text: string,
  /** The rows a margin may name: a before-after's (default), or a comparison's (`COMPARE_ROW_KEYS`). */
  keys: readonly string[] = REPORT_ROW_KEYS,
): [string, number] {
  const at = text.lastIndexOf('=');
  const key = at < 0 ? '' : text.slice(0, at).trim();
  const value = at < 0 ? Number.NaN : Number(text.slice(at + 1));
  if (!keys.includes(key)) {
    throw invalidOption(
      option,
      `METRIC=VALUE with METRIC one of the report's rows (${keys.join(', ')})`,
      text,
    );
  }
  if (text.slice(at + 1).trim() === '' || !Number.isFinite(value) || value <= 0) {
    throw invalidOption(option, `METRIC=VALUE with VALUE a number above 0 in ${key}'s units`, text);
  }
  return [key, value];
}

/**
 * A config's `margins: {row: value}`, each entry checked as `parseMargin` checks a `--margin` flag
 * and refused at its key with that message (an eval config's rows by default, a comparison's with
 * `COMPARE_ROW_KEYS`).
 *
 * @example
 * marginsSchema().parse({ needle_reached: 0.05 }); // { needle_reached: 0.05 }
 */
export function marginsSchema(keys: readonly string[] = REPORT_ROW_KEYS) {
  return z.record(z.string(), z.number()).superRefine((margins, ctx) => {
    for (const [key, value] of Object.entries(margins)) {
      try {
        parseMargin('margins', `${key}=${value}`, keys);
      } catch (error) {
        ctx.addIssue({ code: 'custom', path: [key], message: (error as Error).message });
      }
    }
  });
}

// candidate - baseline over the tasks both arms defined, in the baseline's task order.
function differences(values: RowValues, key: string): number[] {
  const [base, cand] = values(key);
  return pairValues(base, cand).differences;
}

/**
 * One margin's test on paired differences: with a direction, non-inferiority in it (one-sided paired
 * t at the margin); without, equivalence (TOST within plus or minus the margin). `how` names it as
 * the report's lines do. A before-after gives its guards a direction; a comparison every row that has one.
 *
 * @example
 * marginTest([0, 0.1, -0.05], 0.1, 'higher', 0.05); // { test: 'non-inferiority', how: 'one-sided paired t at the margin', pvalue, passed, n, mean }
 */
export function marginTest(
  differences: readonly (number | null)[],
  margin: number,
  direction: 'higher' | 'lower' | null,
  alpha: number,
) {
  return direction === null
    ? {
        test: 'equivalence' as const,
        how: 'two one-sided paired t-tests',
        ...equivalenceTest(differences, { low: -margin, high: margin, alpha }),
      }
    : {
        test: 'non-inferiority' as const,
        how: 'one-sided paired t at the margin',
        ...nonInferiorityTest(differences, { margin, direction, alpha }),
      };
}

/**
 * The margins' verdicts: a guard row with a margin gets a non-inferiority test (one-sided paired t
 * at the margin against the guard's direction: "no worse than 0.05 on needle_reached"), any other
 * row an equivalence test (TOST within plus or minus the margin: "within 0.5 of the baseline on
 * turns"). Each is its own line; a guard whose test does not pass keeps a change from succeeding.
 *
 * @example
 * marginVerdicts(rows, values, { needle_reached: 0.05 }, 0.05, new Map([['needle_reached', 'higher']]));
 * // [{ key: 'needle_reached', test: 'non-inferiority', passed: true, line: 'no worse than 0.05 on needle_reached (p = 0.0123, ...)' }]
 */
export function marginVerdicts(
  rows: readonly ReportRow[],
  values: RowValues,
  margins: Readonly<Record<string, number>>,
  alpha: number,
  guards: ReadonlyMap<string, 'lower' | 'higher'>,
): MarginVerdict[] {
  return Object.entries(margins).flatMap(([key, margin]): MarginVerdict[] => {
    if (!rows.some((r) => r.key === key)) return [];
    const result = marginTest(differences(values, key), margin, guards.get(key) ?? null, alpha);
    const claim =
      result.test === 'non-inferiority'
        ? `no worse than ${margin} on ${key}`
        : `within ±${margin} of the baseline on ${key}`;
    return [
      {
        key,
        test: result.test,
        margin,
        pvalue: result.pvalue,
        passed: result.passed,
        pairs: result.n,
        line: `${result.passed ? '' : 'not shown '}${claim} (${pValueText(result.pvalue)}, ${result.how}, ${result.n} pairs)`,
      },
    ];
  });
}
