import { join } from 'node:path';
import {
  compareCellsNote,
  compareReportSchema,
  compareTable,
  formatNumber,
  formatZ,
  type PageCell,
  type PageSection,
} from '../../report/index.js';
import { readRunFile } from './read-json.js';
import type { JobView } from './track-page.js';

/**
 * Collects a comparison's page from its directory (`report.json` of `kind: compare`): each system
 * (what ran, its search tool, gold reached, outcomes, failed rollouts, the reference marked), then
 * every metric with each system's mean and each other system's paired delta against the reference,
 * as `report.md` has them, under the figure. Plain data for `writeDataPage`.
 *
 * @example
 * const { page, inputs } = comparePage('runs/compare-filesystem');
 */
export function comparePage(dir: string): JobView {
  const file = join(dir, 'report.json');
  const report = readRunFile(file, compareReportSchema, 'a comparison report');
  const table = compareTable(report);
  const reached = report.systems
    .map((s) => `${s.name} ${formatNumber(report.needle_reached[s.name] ?? null)}`)
    .join(', ');
  const stand = report.offline ? ' Model: the offline policy, a stand-in for a model.' : '';
  const sections: PageSection[] = [
    {
      id: 'systems',
      heading: 'Systems',
      note: `Gold reached: ${reached}. Each system is compared with the reference, \`${report.reference}\`.${stand}${report.clustering === undefined ? '' : ` Clusters: ${report.clustering.line}`}`,
      table: {
        columns: [
          'system',
          'what ran',
          'search tool',
          'tasks',
          'gold reached',
          'outcomes',
          'failed rollouts',
        ],
        rows: report.systems.map((s) => ({
          key: s.name,
          ...(s.name === report.reference ? { mark: 'gold' } : {}),
          cells: [
            s.name === report.reference ? `${s.name} (reference)` : s.name,
            s.spec,
            report.search_tools[s.name] ?? 'none',
            s.tasks,
            report.needle_reached[s.name] ?? null,
            Object.entries(s.outcomes)
              .map(([outcome, count]) => `${outcome} ${count}`)
              .join(', '),
            s.failed,
          ] as PageCell[],
        })),
      },
    },
    ...(report.margins === undefined
      ? []
      : [
          {
            id: 'margins',
            heading: 'Margins: each system against the reference',
            note: 'A row with a direction: no worse than the reference by the margin (one-sided paired t at it); a row without: within plus or minus the margin (two one-sided paired t-tests). p Holm-adjusted across the systems of a metric; passed when below α.',
            table: {
              columns: ['system', 'metric', 'test', 'margin', 'p', 'Holm p', 'pairs', 'passed'],
              rows: report.margins.map((margin) => ({
                key: `${margin.key}/${margin.system}`,
                ...(margin.passed ? { mark: 'better' } : {}),
                cells: [
                  margin.system,
                  margin.key,
                  margin.test,
                  margin.margin,
                  margin.pvalue,
                  margin.p_holm,
                  margin.pairs,
                  margin.passed ? 'yes' : 'not shown',
                ] as PageCell[],
              })),
            },
          } satisfies PageSection,
        ]),
    ...(report.looks === undefined
      ? []
      : [
          {
            id: 'looks',
            heading: `Looks: each system against the reference on ${report.looks.primary}`,
            note: `${report.looks.line} Each system two-sided at α = ${Number(report.looks.alpha.toPrecision(3))} (Lan-DeMets, ${report.looks.spending}).`,
            table: {
              columns: ['look', 'tasks', 'system', 'pairs', 'z', 'verdict'],
              rows: report.looks.observed.flatMap((record) =>
                record.systems.map((system) => ({
                  key: `${record.look}/${system.system}`,
                  ...(system.decision === 'success'
                    ? { mark: 'better' }
                    : system.decision === 'harm'
                      ? { mark: 'worse' }
                      : {}),
                  cells: [
                    record.look,
                    record.tasks,
                    system.system,
                    system.pairs,
                    formatZ(system.z, system.decision),
                    system.decision,
                  ] as PageCell[],
                })),
              ),
            },
          } satisfies PageSection,
        ]),
    {
      id: 'metrics',
      heading: 'Every metric, each system against the reference',
      note: compareCellsNote(report),
      figures: true,
      table: { columns: table.columns, rows: table.rows.map((row) => ({ key: row.key, cells: row.cells })) },
    },
  ];
  return {
    page: {
      title: report.title,
      lead: `agent-track view of ${dir}: ${report.systems.length} systems, model ${report.model}`,
      sections,
    },
    inputs: [{ kind: 'compare', source: file, report }],
  };
}
