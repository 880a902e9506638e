import { describe, expect, test } from 'vitest';
import { type ArmResults, buildReport } from '../../../src/report/paired/build-report.js';
import { renderReportMarkdown } from '../../../src/report/paired/render-markdown.js';
import { reportSchema } from '../../../src/report/paired/report-schema.js';
import { computeMetrics, type TrajectoryMetrics } from '../../../src/trajectory/index.js';
import { buildTrajectory } from '../../trajectory/build-trajectory.js';

const blank = computeMetrics(buildTrajectory({}), null);
const ids = Array.from({ length: 12 }, (_, i) => `t${i + 1}`);
// Needless calls fall on every task (0.5 -> 0: the primary succeeds); needle_reached (a guard):
// differences 0 except t5 (-1) and t9 (+1); turns (watched): 0 except +1 on t2, t9, -1 on t5, t12.
const arm = (commit: string, needle: boolean[], turns: number[], needless: number): ArmResults => ({
  commit: commit.repeat(40),
  subject: commit,
  failed: 0,
  metrics: new Map(
    ids.map((id, i) => [
      id,
      {
        ...blank,
        needless_call_rate: needless,
        needle_reached: needle[i],
        turns: turns[i],
        outcome: 'answered',
      } as TrajectoryMetrics,
    ]),
  ),
});
const base = arm(
  'a',
  ids.map((_, i) => i !== 8),
  Array(12).fill(3),
  0.5,
);
const cand = arm(
  'b',
  ids.map((_, i) => i !== 4),
  [3, 4, 3, 3, 2, 3, 3, 3, 4, 3, 3, 2],
  0,
);
const build = (margins: Record<string, number>) =>
  buildReport(base, cand, {
    title: 'margins',
    model: 'offline',
    offline: true,
    prices: { input_per_1m: null, output_per_1m: null },
    taskIds: ids,
    margins,
  });

describe('margins in the report', () => {
  test('a guard with a margin must be shown no worse than it: not shown, the success is inconclusive', () => {
    // needle_reached differences: mean 0, sd sqrt(2/11); scipy ttest_1samp(d, -0.05, 'greater') = 0.34619
    const report = build({ needle_reached: 0.05 });
    expect(report.margins).toHaveLength(1);
    expect(report.margins![0]).toMatchObject({
      key: 'needle_reached',
      test: 'non-inferiority',
      passed: false,
      pairs: 12,
    });
    expect(report.margins![0]!.pvalue).toBeCloseTo(0.34619231528330574, 10);
    expect(report.verdict.outcome).toBe('inconclusive');
    expect(report.verdict.line).toContain('not shown no worse than 0.05 on needle_reached (p = 0.3462');
    expect(reportSchema.parse(report)).toEqual(report);
  });

  test('shown no worse than a wider margin: the change succeeds and the line says so', () => {
    // ttest_1samp(d, -0.3, 'greater') = 0.016493
    const report = build({ needle_reached: 0.3 });
    expect(report.margins![0]!.pvalue).toBeCloseTo(0.016492688173933262, 10);
    expect(report.verdict.outcome).toBe('succeeds');
    expect(renderReportMarkdown(report)).toContain(
      '✅ Margin: no worse than 0.3 on needle_reached (p = 0.0165',
    );
  });

  test('any other row gets an equivalence test (TOST) within plus or minus the margin', () => {
    // turns differences mean 0, sd sqrt(4/11): both one-sided ttest_1samp at -0.5 and 0.5 give 0.0075897
    const report = build({ turns: 0.5 });
    expect(report.margins![0]).toMatchObject({ key: 'turns', test: 'equivalence', passed: true });
    expect(report.margins![0]!.pvalue).toBeCloseTo(0.007589723218221949, 10);
    expect(report.margins![0]!.line).toContain('within ±0.5 of the baseline on turns');
    expect(report.verdict.outcome).toBe('succeeds');
  });

  test('no margins: no margin lines, the verdict as before', () => {
    const report = build({});
    expect(report.margins).toBeUndefined();
    expect(report.verdict.outcome).toBe('succeeds');
  });
});
