import type { Report } from './report-schema.js';

/**
 * A report as a DVC-style metrics file (`metrics.json`): one flat object, `<row>.<field>` keys
 * (`needless_call_rate.delta`, `needless_call_rate.p`, `turns.baseline`), numbers or `null`
 * (undefined stays undefined), so `dvc metrics diff` or any JSON diff can compare two runs.
 *
 * @example
 * flatMetrics(report)['needless_call_rate.delta']; // -0.667
 */
export function flatMetrics(report: Report): Record<string, number | null> {
  const out: Record<string, number | null> = {
    'verdict.success': report.verdict.success ? 1 : 0,
    'tasks.baseline': report.arms[0]?.tasks ?? null,
    'tasks.candidate': report.arms[1]?.tasks ?? null,
  };
  for (const row of report.rows) {
    out[`${row.key}.baseline`] = row.baseline.mean;
    out[`${row.key}.candidate`] = row.candidate.mean;
    out[`${row.key}.delta`] = row.delta;
    out[`${row.key}.delta_low`] = row.delta_low;
    out[`${row.key}.delta_high`] = row.delta_high;
    out[`${row.key}.p`] = row.test === 'none' ? null : row.pvalue;
    out[`${row.key}.pairs`] = row.pairs;
  }
  for (const margin of report.margins ?? []) {
    out[`margin.${margin.key}.p`] = margin.pvalue;
    out[`margin.${margin.key}.passed`] = margin.passed ? 1 : 0;
  }
  out['cost.estimated_usd.baseline'] = report.cost.estimated_usd.baseline;
  out['cost.estimated_usd.candidate'] = report.cost.estimated_usd.candidate;
  return out;
}
