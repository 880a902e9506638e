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

// candidate - baseline over the tasks both arms defined, in the baseline's task order.
function differences(values: RowValues, key: string): number[] {
  const [base, cand] = values(key);
  return pairValues(base, cand).differences;
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
    const row = rows.find((r) => r.key === key);
    if (row === undefined) return [];
    const d = differences(values, key);
    const guard = guards.get(key);
    if (guard !== undefined) {
      const result = nonInferiorityTest(d, { margin, direction: guard, alpha });
      const head = result.passed ? 'no worse than' : 'not shown no worse than';
      return [
        {
          key,
          test: 'non-inferiority',
          margin,
          pvalue: result.pvalue,
          passed: result.passed,
          pairs: result.n,
          line: `${head} ${margin} on ${key} (${pValueText(result.pvalue)}, one-sided paired t at the margin, ${result.n} pairs)`,
        },
      ];
    }
    const result = equivalenceTest(d, { low: -margin, high: margin, alpha });
    const head = result.passed ? 'within' : 'not shown within';
    return [
      {
        key,
        test: 'equivalence',
        margin,
        pvalue: result.pvalue,
        passed: result.passed,
        pairs: result.n,
        line: `${head} ±${margin} of the baseline on ${key} (${pValueText(result.pvalue)}, two one-sided paired t-tests, ${result.n} pairs)`,
      },
    ];
  });
}
