import { describe, expect, test } from 'vitest';
import { forestSpec, rowVerdict } from '../../../src/report/plots/forest.js';
import { incumbentSteps, objectiveSpec } from '../../../src/report/plots/objective.js';
import { outcomesSpec } from '../../../src/report/plots/outcomes.js';
import { renderSvg } from '../../../src/report/plots/render-svg.js';
import { rungLatencySpec } from '../../../src/report/plots/rung-latency.js';
import { rungScoresSpec } from '../../../src/report/plots/rung-scores.js';
import { RUNG_METRICS } from '../../../src/retrieval/rung/rung-schema.js';
import { sampleReport } from './sample-report.js';
import { sampleRung } from './sample-rung.js';
import { countMarks } from './svg-marks.js';

const report = Object.freeze(sampleReport());

describe('rowVerdict', () => {
  test.each([
    ['lower', -0.4, -0.5, -0.25, 'better'],
    ['lower', 0.4, 0.25, 0.5, 'worse'],
    ['higher', 0.4, 0.25, 0.5, 'better'],
    ['higher', -0.4, -0.5, -0.25, 'worse'],
    ['higher', 0.1, -0.1, 0.3, 'neither'],
    ['higher', 0.1, 0, 0.3, 'neither'],
    ['neither', 2, 1, 3, 'neither'],
    ['lower', null, null, null, 'neither'],
  ] as const)('%s, delta %s [%s, %s] -> %s', (direction, delta, low, high, verdict) => {
    expect(rowVerdict({ direction, delta, delta_low: low, delta_high: high })).toBe(verdict);
  });
});

describe('before-after figures', () => {
  test('the forest plot names every metric and draws one interval and one point per row with a delta', async () => {
    const { svg, warnings } = await renderSvg(forestSpec(report));
    expect(warnings).toEqual([]);
    for (const row of report.rows) expect(svg).toContain(row.key);
    const measured = report.rows.filter((r) => r.delta !== null);
    expect(measured.length).toBeGreaterThan(10);
    expect(measured.length).toBeLessThan(report.rows.length);
    expect(countMarks(svg, 'delta_point')).toBe(measured.length);
    expect(countMarks(svg, 'delta_interval')).toBe(measured.length);
    for (const title of ['Outcomes', 'Call efficiency', 'Usage and cost']) expect(svg).toContain(title);
  });

  test('rows are coloured better / worse / neither from the Okabe-Ito palette', async () => {
    const { svg } = await renderSvg(forestSpec(report));
    const verdicts = new Set(report.rows.map(rowVerdict));
    expect(verdicts).toEqual(new Set(['better', 'worse', 'neither']));
    expect(svg).toContain('fill="#0072B2"');
    expect(svg).toContain('fill="#D55E00"');
  });

  test('the outcome bars stack one segment per outcome present in each arm, lost rollouts included', async () => {
    const { svg, warnings } = await renderSvg(outcomesSpec(report));
    expect(warnings).toEqual([]);
    const segments = report.arms.reduce(
      (n, arm) => n + Object.keys(arm.outcomes).length + (arm.failed > 0 ? 1 : 0),
      0,
    );
    expect(countMarks(svg, 'outcome_bar')).toBe(segments);
    expect(svg).toContain('failed rollout');
    expect(svg).toContain('budget exhausted');
  });
});

describe('retrieval rung figures', () => {
  const run = sampleRung();

  test('score bars: one bar and one whisker per overlay, metric and level', async () => {
    const { svg, warnings } = await renderSvg(rungScoresSpec([run]));
    expect(warnings).toEqual([]);
    for (const metric of RUNG_METRICS) expect(svg).toContain(`>${metric}<`);
    expect(svg).toContain('all-words');
    expect(countMarks(svg, 'score_bar')).toBe(2 * RUNG_METRICS.length * 2);
    expect(countMarks(svg, 'score_interval')).toBe(2 * RUNG_METRICS.length * 2);
  });

  test('quality against latency: one point per overlay that measured latency, whiskers to p95', async () => {
    const both = await renderSvg(rungLatencySpec([run]));
    expect(countMarks(both.svg, 'latency_point')).toBe(2);
    expect(countMarks(both.svg, 'latency_whisker')).toBe(2);
    expect(both.svg).toContain('piece recall@10');
    const one = await renderSvg(rungLatencySpec([sampleRung({ latency: false })]));
    expect(countMarks(one.svg, 'latency_point')).toBe(1);
  });

  test('two runs with an overlay of one name get distinct labels', async () => {
    const { svg } = await renderSvg(rungScoresSpec([run, sampleRung()]));
    expect(svg).toContain('all-words (run 1)');
    expect(svg).toContain('all-words (run 2)');
    expect(countMarks(svg, 'score_bar')).toBe(4 * RUNG_METRICS.length * 2);
  });

  test('the score bars are sized to their content: the width grows linearly with the overlays', async () => {
    const two = await renderSvg(rungScoresSpec([run]));
    const four = await renderSvg(rungScoresSpec([run, sampleRung()]));
    const six = await renderSvg(rungScoresSpec([run, sampleRung(), sampleRung()]));
    // Each 2 more overlays add the same width (it grew with the square of the overlays before):
    // 2 x 5 metrics x 2 levels bars of 16 px, and the band padding around them.
    // (within 5%: band steps round to whole pixels)
    expect(Math.abs(six.width - four.width - (four.width - two.width))).toBeLessThan(
      0.05 * (four.width - two.width),
    );
    expect(four.width - two.width).toBeGreaterThanOrEqual(2 * RUNG_METRICS.length * 2 * 16);
    expect(four.width - two.width).toBeLessThan(2 * RUNG_METRICS.length * 2 * 16 * 1.5);
    expect(two.width).toBeLessThan(800);
  });
});

describe('optimize figure', () => {
  const points = [
    { label: 'start', spend_usd: 0, objective: 0.4, low: 0.3, high: 0.5, accepted: true },
    { label: 'c1', spend_usd: 1, objective: 0.45, low: 0.35, high: 0.55, accepted: false },
    { label: 'c2', spend_usd: 2, objective: 0.55, low: null, high: null, accepted: true },
    { label: 'c3', spend_usd: 3, objective: 0.5, low: 0.4, high: 0.6, accepted: false },
  ];

  test('the incumbent steps at each accepted point and runs on to the last spend', () => {
    expect(incumbentSteps(points)).toEqual([
      { spend_usd: 0, objective: 0.4 },
      { spend_usd: 2, objective: 0.55 },
      { spend_usd: 3, objective: 0.55 },
    ]);
  });

  test('one point per candidate, an interval where one was measured', async () => {
    const { svg, warnings } = await renderSvg(objectiveSpec({ points }));
    expect(warnings).toEqual([]);
    expect(countMarks(svg, 'objective_point')).toBe(4);
    expect(countMarks(svg, 'objective_interval')).toBe(3);
    for (const p of points) expect(svg).toContain(`>${p.label}<`);
  });
});
