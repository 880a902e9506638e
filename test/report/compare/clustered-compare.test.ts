import { expect, test } from 'vitest';
import { buildCompareReport } from '../../../src/report/compare/build-compare.js';
import { compareReportSchema } from '../../../src/report/compare/compare-schema.js';
import { renderCompareMarkdown } from '../../../src/report/compare/render-compare.js';
import { systemResults } from './system-results.js';

const ids = Array.from({ length: 12 }, (_, i) => `t${i + 1}`);
const system = (name: string, rates: number[]) =>
  systemResults(
    name,
    rates.map((rate, i) => [ids[i]!, { needless_call_rate: rate }]),
  );

test('compare tests each system against the reference per cluster, two-sided, and says how many clusters', () => {
  // Two tasks a cluster; cluster mean differences -0.5, -0.25, -0.25, -0.25, -0.5, +0.25 (mean -0.25).
  // Two-sided sign flip: the lower tail holds 5 of 64 flips, the upper 63: p = 2 * 5/64 = 0.15625
  // (scipy permutation_test); Holm over one comparison leaves it.
  const report = buildCompareReport(
    [
      system('ref', Array(12).fill(0.5)),
      system('other', [0, 0, 0.25, 0.25, 0, 0.5, 0.5, 0, 0, 0, 0.75, 0.75]),
    ],
    {
      title: 'clustered',
      model: 'offline',
      offline: true,
      reference: 'ref',
      clusters: new Map(ids.map((id, i) => [id, `c${Math.floor(i / 2)}`])),
    },
  );
  const row = report.rows.find((r) => r.key === 'needless_call_rate')!;
  expect(row.deltas[0]).toMatchObject({ test: 'clustered', clusters: 6, pvalue: 10 / 64, p_holm: 10 / 64 });
  expect(row.deltas[0]!.delta).toBeCloseTo(-0.25, 14);
  expect(report.clustering).toMatchObject({ clusters: 6, interval: true });
  expect(compareReportSchema.parse(report)).toEqual(report);
  expect(renderCompareMarkdown(report)).toContain('Clusters: Tasks in 6 clusters');
});
