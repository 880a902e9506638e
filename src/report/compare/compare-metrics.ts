import type { CompareReport } from './compare-schema.js';

/**
 * A comparison as a DVC-style metrics file (`metrics.json`), flat as a before-after's
 * (`flatMetrics`): each system's mean per row (`<row>.<system>`), and per other system its paired
 * delta against the reference with the interval, raw and Holm-adjusted p and pairs
 * (`<row>.<system>.delta`, `.p`, `.p_holm`, ...), and each margin's adjusted p and verdict
 * (`margin.<row>.<system>.p_holm`, `.passed` 1 or 0); numbers or `null`.
 *
 * @example
 * flatCompareMetrics(report)['needle_reached.with-server.p_holm']; // 0.0234
 */
export function flatCompareMetrics(report: CompareReport): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const system of report.systems) out[`tasks.${system.name}`] = system.tasks;
  for (const row of report.rows) {
    for (const [system, cell] of Object.entries(row.cells)) out[`${row.key}.${system}`] = cell.mean;
    for (const delta of row.deltas) {
      const key = `${row.key}.${delta.system}`;
      out[`${key}.delta`] = delta.delta;
      out[`${key}.delta_low`] = delta.delta_low;
      out[`${key}.delta_high`] = delta.delta_high;
      out[`${key}.p`] = delta.test === 'none' ? null : delta.pvalue;
      out[`${key}.p_holm`] = delta.test === 'none' ? null : delta.p_holm;
      out[`${key}.pairs`] = delta.pairs;
    }
  }
  for (const margin of report.margins ?? []) {
    out[`margin.${margin.key}.${margin.system}.p_holm`] = margin.p_holm;
    out[`margin.${margin.key}.${margin.system}.passed`] = margin.passed ? 1 : 0;
  }
  return out;
}
