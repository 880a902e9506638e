import { describe, expect, test } from 'vitest';
import { type ArmResults, buildReport } from '../../../src/report/paired/build-report.js';
import { renderReportMarkdown } from '../../../src/report/paired/render-markdown.js';
import { reportSchema } from '../../../src/report/paired/report-schema.js';
import { reportSection } from '../../../src/report/viewer/report-section.js';
import { computeMetrics, type TrajectoryMetrics } from '../../../src/trajectory/index.js';
import { buildTrajectory } from '../../trajectory/build-trajectory.js';

const blank = computeMetrics(buildTrajectory({}), null);
const m = (needless_call_rate: number): TrajectoryMetrics =>
  ({ ...blank, needless_call_rate, outcome: 'answered' }) as TrajectoryMetrics;
const arm = (commit: string, rates: number[]): ArmResults => ({
  commit: commit.repeat(40),
  subject: commit,
  failed: 0,
  metrics: new Map(rates.map((rate, i) => [`t${i + 1}`, m(rate)])),
});
const options = (taskIds: string[], clusters: Map<string, string>) => ({
  title: 'clustered',
  model: 'offline',
  offline: true,
  prices: { input_per_1m: null, output_per_1m: null },
  taskIds,
  clusters,
});

describe('a report over clustered tasks', () => {
  // Twelve tasks, two per cluster c1..c6; differences -0.5 -0.5 | -0.25 -0.25 | -0.5 0 | 0 -0.5 |
  // -0.5 -0.5 | +0.25 +0.25: cluster means -0.5, -0.25, -0.25, -0.25, -0.5, +0.25, their mean -0.25.
  const ids = Array.from({ length: 12 }, (_, i) => `t${i + 1}`);
  const clusters = new Map(ids.map((id, i) => [id, `c${Math.floor(i / 2) + 1}`]));
  const base = arm('a', Array(12).fill(0.5));
  const cand = arm('b', [0, 0, 0.25, 0.25, 0, 0.5, 0.5, 0, 0, 0, 0.75, 0.75]);

  test('every row is tested per cluster: the sign-flip p of the cluster means, not the task-level one', () => {
    const report = buildReport(base, cand, options(ids, clusters));
    const row = report.rows.find((r) => r.key === 'needless_call_rate')!;
    // One-sided 'less': a flip's mean <= -0.25 when the magnitudes kept positive sum to <= 0.25 (of
    // 0.5, 0.25, 0.25, 0.25, 0.5, 0.25): none, or one 0.25: 5 of 64 flips (scipy permutation_test:
    // 0.078125). Task-level Wilcoxon (scipy) says 0.0107 and would call it a success.
    expect(row).toMatchObject({ test: 'clustered', clusters: 6, pairs: 12, pvalue: 5 / 64, delta: -0.25 });
    expect(row.delta_low).not.toBeNull();
    expect(report.verdict.outcome).toBe('no_change');
    expect(report.clustering).toMatchObject({ clusters: 6, interval: true });
    expect(reportSchema.parse(report)).toEqual(report);
    const md = renderReportMarkdown(report);
    expect(md).toContain('Clusters: Tasks in 6 clusters');
    expect(md).toContain('0.0781 (clustered, 6 clusters)');
    // The viewer shows the same line under its verdict.
    expect(reportSection(report, [], new Set())).toContain('<p class="rule">Clusters: Tasks in 6 clusters');
  });

  test('under 5 clusters: the task-level tests, and the report says why the clustered ones are not available', () => {
    const few = new Map(ids.map((id, i) => [id, `c${Math.floor(i / 4) + 1}`]));
    const report = buildReport(base, cand, options(ids, few));
    const row = report.rows.find((r) => r.key === 'needless_call_rate')!;
    // Scipy's wilcoxon 'less' on the twelve task differences: 0.0107421875.
    expect(row).toMatchObject({ test: 'wilcoxon', pvalue: 0.0107421875 });
    expect(row.clusters).toBeUndefined();
    expect(report.clustering).toMatchObject({ clusters: 3, interval: false });
    expect(report.clustering?.line).toContain('The clustered test and interval are not available');
    expect(report.verdict.outcome).toBe('succeeds');
    expect(renderReportMarkdown(report)).toContain('Clusters: Tasks in 3 clusters');
  });

  test('one cluster, or one task a cluster, is no clustering: the task-level test as before', () => {
    for (const map of [new Map(ids.map((id) => [id, 'all'])), new Map(ids.map((id) => [id, id]))]) {
      const report = buildReport(base, cand, options(ids, map));
      expect(report.clustering).toBeUndefined();
      expect(report.rows.find((r) => r.key === 'needless_call_rate')!.test).toBe('wilcoxon');
    }
  });
});
