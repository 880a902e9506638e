import { expect, test } from 'vitest';
import { buildCompareReport } from '../../../src/report/compare/build-compare.js';
import { flatCompareMetrics } from '../../../src/report/compare/compare-metrics.js';
import { compareReportSchema } from '../../../src/report/compare/compare-schema.js';
import { renderCompareMarkdown } from '../../../src/report/compare/render-compare.js';
import { closeRelative, loadReference } from '../../stats/reference/load.js';
import { systemResults } from './system-results.js';

type Row = { direction: string; margin: number; reference: number[]; systems: Record<string, number[]> };
const reference = loadReference<{
  rows: Record<string, Row>;
  cases: { key: string; system: string; pvalue: number; p_holm: number }[];
}>('compare-margins');

const system = (name: string, pick: (row: Row) => number[]) =>
  systemResults(
    name,
    Array.from({ length: 6 }, (_, i) => [
      `t${i + 1}`,
      Object.fromEntries(Object.entries(reference.rows).map(([key, row]) => [key, pick(row)[i]!])),
    ]),
  );

test('each system is tested against the reference at each margin, Holm across the systems, as scipy computes it', () => {
  const margins = Object.fromEntries(Object.entries(reference.rows).map(([key, row]) => [key, row.margin]));
  const report = buildCompareReport(
    [
      system('ref', (row) => row.reference),
      ...['a', 'b', 'c'].map((name) => system(name, (row) => row.systems[name]!)),
    ],
    { title: 'margins', model: 'offline', offline: true, reference: 'ref', margins },
  );
  expect(compareReportSchema.parse(report)).toEqual(report);
  const got = report.margins!;
  expect(got.map((m) => `${m.key}/${m.system}/${m.test}`)).toEqual(
    reference.cases.map(
      (c) =>
        `${c.key}/${c.system}/${reference.rows[c.key]!.direction === 'neither' ? 'equivalence' : 'non-inferiority'}`,
    ),
  );
  for (const [index, expected] of reference.cases.entries()) {
    const margin = got[index]!;
    expect(closeRelative(margin.pvalue!, expected.pvalue, 1e-9), `${margin.line} vs ${expected.pvalue}`).toBe(
      true,
    );
    expect(closeRelative(margin.p_holm!, expected.p_holm, 1e-9), `${margin.line} vs ${expected.p_holm}`).toBe(
      true,
    );
    expect(margin.passed).toBe(expected.p_holm < 0.05);
    expect(margin.pairs).toBe(6);
  }
  // turns: a and c shown no worse than the reference by 1 turn (Holm p 0.042 and 0.018), b not (0.99).
  expect(got.filter((m) => m.passed).map((m) => `${m.key}/${m.system}`)).toEqual([
    'turns/a',
    'turns/c',
    'mrr/c',
    'distinct_tools_used/a',
    'distinct_tools_used/b',
  ]);
  expect(got[0]!.line).toBe(
    'a no worse than ref by 1 on turns (p = 0.0211, Holm p = 0.0422, one-sided paired t at the margin, 6 pairs)',
  );
  expect(got[1]!.line).toMatch(/^b not shown no worse than ref by 1 on turns \(/);
  expect(got[8]!.line).toMatch(
    /^c not shown within ±1 of ref on distinct_tools_used \(.*two one-sided paired t-tests, 6 pairs\)$/,
  );
  const markdown = renderCompareMarkdown(report);
  expect(markdown).toContain('## Margins');
  expect(markdown).toContain(`- ✅ ${got[0]!.line}.`);
  expect(markdown).toContain(`- ❔ ${got[1]!.line}.`);
  const flat = flatCompareMetrics(report);
  expect(flat['margin.turns.a.passed']).toBe(1);
  expect(flat['margin.turns.b.passed']).toBe(0);
  expect(flat['margin.mrr.c.p_holm']).toBeCloseTo(reference.cases[5]!.p_holm, 12);
});

test('without margins the report carries none, and a margin over a row no task defines is n/a, never passed', () => {
  const plain = buildCompareReport(
    [system('ref', (row) => row.reference), system('a', (row) => row.systems.a!)],
    { title: 'plain', model: 'offline', offline: true, reference: 'ref' },
  );
  expect(plain.margins).toBeUndefined();
  expect(renderCompareMarkdown(plain)).not.toContain('## Margins');
  // usage.cost_usd is null for every task: no pair, no test.
  const none = buildCompareReport(
    [system('ref', (row) => row.reference), system('a', (row) => row.systems.a!)],
    { title: 'none', model: 'offline', offline: true, reference: 'ref', margins: { 'usage.cost_usd': 0.01 } },
  );
  expect(none.margins).toEqual([
    expect.objectContaining({
      key: 'usage.cost_usd',
      system: 'a',
      pvalue: null,
      p_holm: null,
      passed: false,
      pairs: 0,
    }),
  ]);
  expect(none.margins![0]!.line).toContain('(n/a,');
});
