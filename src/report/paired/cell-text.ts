import { formatNumber, formatPValue } from '../format-number.js';
import type { ArmCell, ReportRow } from './report-schema.js';

/**
 * A report row's cells as text, the same in markdown, the viewer and the track: an arm's mean with
 * its interval, the delta with its own, and the p-value with the test that gave it.
 *
 * @example
 * armCellText({ n: 12, mean: 0.667, low: 0.417, high: 0.917 }); // '0.667 [0.417, 0.917]'
 */
export function armCellText(cell: Pick<ArmCell, 'n' | 'mean' | 'low' | 'high'>): string {
  return cell.n === 0
    ? 'n/a'
    : `${formatNumber(cell.mean)} [${formatNumber(cell.low)}, ${formatNumber(cell.high)}]`;
}

const signed = (x: number | null) => (x === null ? 'n/a' : `${x > 0 ? '+' : ''}${formatNumber(x)}`);

/** The delta and its interval, signed: `-0.667 [-0.917, -0.417]`; `n/a` with no pair. */
export function deltaText(row: Pick<ReportRow, 'delta' | 'delta_low' | 'delta_high'>): string {
  return row.delta === null
    ? 'n/a'
    : `${signed(row.delta)} [${signed(row.delta_low)}, ${signed(row.delta_high)}]`;
}

/**
 * The p-value to 4 decimals with its test, `0.0039 (wilcoxon)`, `0.0312 (clustered, 6 clusters)`;
 * empty for a row with no test.
 */
export function pValueText(row: Pick<ReportRow, 'pvalue' | 'test' | 'clusters'>): string {
  if (row.test === 'none') return '';
  const clusters = row.clusters === undefined ? '' : `, ${row.clusters} clusters`;
  return `${formatPValue(row.pvalue)} (${row.test}${clusters})`;
}
