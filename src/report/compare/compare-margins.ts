import { holmAdjusted, pairValues } from '../../stats/index.js';
import { pValueText } from '../format-number.js';
import { marginTest } from '../paired/margins.js';
import type { CompareMargin, CompareRow } from './compare-schema.js';

/** A row's values per system: task id -> value (`null`: undefined for that task). */
export type SystemColumn = (system: string) => ReadonlyMap<string, number | null>;

/**
 * The margins of a comparison: for each `METRIC=VALUE` and each system other than the reference,
 * the paired differences (system minus reference over the tasks both defined) tested against the
 * margin. A row with a direction gets a non-inferiority test (one-sided paired t at the margin: "no
 * worse than the reference by 0.05 on needle_reached"); a row with none an equivalence test (TOST
 * within plus or minus the margin). The p-values of one metric are Holm-adjusted across the systems,
 * as the deltas are, and a margin passes when its adjusted p is below `alpha` (as `nonInferiorityTest`'s). A margin whose
 * metric is not one of the rows gives nothing (the CLI refuses it by name before any work).
 *
 * @example
 * compareMargins(rows, column, 'reference', ['server-filesystem'], { needle_reached: 0.1 }, 0.05);
 * // [{ key: 'needle_reached', system: 'server-filesystem', test: 'non-inferiority', passed: false, line: 'server-filesystem not shown no worse than reference by 0.1 on needle_reached (...)' }]
 */
export function compareMargins(
  rows: readonly CompareRow[],
  column: (key: string) => SystemColumn,
  reference: string,
  others: readonly string[],
  margins: Readonly<Record<string, number>>,
  alpha: number,
): CompareMargin[] {
  return Object.entries(margins).flatMap(([key, margin]) => {
    const row = rows.find((r) => r.key === key);
    if (row === undefined) return [];
    const read = column(key);
    const direction = row.direction === 'neither' ? null : row.direction;
    const tests = others.map((system) => ({
      system,
      ...marginTest(pairValues(read(reference), read(system)).differences, margin, direction, alpha),
    }));
    const adjusted = holmAdjusted(tests.map((test) => test.pvalue));
    return tests.map((test, index): CompareMargin => {
      const pHolm = adjusted[index] ?? null;
      const passed = pHolm !== null && pHolm < alpha;
      const claim =
        test.test === 'equivalence'
          ? `within ±${margin} of ${reference} on ${key}`
          : `no worse than ${reference} by ${margin} on ${key}`;
      const ps = pHolm === null ? 'n/a' : `${pValueText(test.pvalue)}, Holm ${pValueText(pHolm)}`;
      return {
        key,
        system: test.system,
        test: test.test,
        margin,
        pvalue: test.pvalue,
        p_holm: pHolm,
        passed,
        pairs: test.n,
        line: `${test.system} ${passed ? '' : 'not shown '}${claim} (${ps}, ${test.how}, ${test.n} pairs)`,
      };
    });
  });
}
