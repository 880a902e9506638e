import { join } from 'node:path';
import {
  type DataPage,
  formatNumber,
  formatPValue,
  type PageCell,
  type PageSection,
  type ReportRow,
} from '../../report/index.js';
import type { PlotInput } from '../../report/plots/index.js';
import { type TrackReport, trackReportSchema } from '../track/track-report-schema.js';
import type { AgentFigures } from '../track/track-schema.js';
import { readRunFile } from './read-json.js';

/** What a job's page shows and the figures drawn on it. */
export interface JobView {
  page: DataPage;
  inputs: PlotInput[];
}

const ARMS = ['bare', 'with-server'] as const;
const FIGURES: (keyof AgentFigures)[] = [
  'cost_usd',
  'wall_ms',
  'turns',
  'tool_calls',
  'files_read',
  'cache_read_tokens',
  'cache_creation_tokens',
];
/** A figure's cell: dollars to the cent's hundredth, counts as they are. */
const figure = (name: keyof AgentFigures, value: number | null | undefined): PageCell =>
  value === null || value === undefined ? null : name === 'cost_usd' ? `$${value.toFixed(4)}` : value;
const mean = (arm: ReportRow['baseline']) =>
  arm === null || arm === undefined ? null : `${formatNumber(arm.mean)} (n=${arm.n})`;

function rowsTable(rows: readonly ReportRow[]) {
  return {
    columns: ['row', 'bare', 'with-server', 'pairs', 'delta [95% CI]', 'p (one-sided)'],
    rows: rows.map((r) => ({
      key: r.key,
      cells: [
        r.key,
        mean(r.baseline),
        mean(r.candidate),
        r.pairs,
        r.delta === null
          ? null
          : `${formatNumber(r.delta)} [${formatNumber(r.delta_low)}, ${formatNumber(r.delta_high)}]`,
        r.pvalue === null ? null : `${formatPValue(r.pvalue)} ${r.test ?? ''}`.trim(),
      ] as PageCell[],
    })),
  };
}

function taskSection(report: TrackReport): PageSection {
  return {
    id: 'tasks',
    heading: 'Tasks',
    note: 'Open a task to see both arms side by side: the judge score and what the agent reported.',
    items: report.tasks.map((t) => ({
      id: t.task_id,
      search: `${t.task_id} ${t.status}`,
      summary: `${t.task_id}: ${t.status}, judge ${formatNumber(t.scores.bare)} vs ${formatNumber(t.scores['with-server'])}${t.parity === null ? '' : t.parity ? ', at parity' : ', not at parity'}`,
      ...(t.reason === null ? {} : { note: `${t.reason.type}: ${t.reason.message}` }),
      table: {
        columns: ['figure', ...ARMS],
        rows: [
          { key: 'judge score', cells: ['judge score', ...ARMS.map((a) => t.scores[a])] },
          ...FIGURES.map((f) => ({
            key: f,
            cells: [f, ...ARMS.map((a) => figure(f, t.figures[a]?.[f]))] as PageCell[],
          })),
        ],
      },
    })),
  };
}

/**
 * Collects a track run's page from its directory (`report.json`): the agent and judge, the
 * verdict, the quality row and every efficiency row over the parity tasks, and per task both arms'
 * judge scores and figures side by side. Plain data for `writeDataPage`.
 *
 * @example
 * const { page, inputs } = trackPage('runs/track-claude');
 */
export function trackPage(dir: string): JobView {
  const file = join(dir, 'report.json');
  const report = readRunFile(file, trackReportSchema, 'a track report');
  const sections: PageSection[] = [
    {
      id: 'summary',
      heading: 'Track',
      note: report.report.verdict.line,
      table: {
        columns: ['what', 'value'],
        rows: [
          ['agent', report.agent],
          [
            'judge',
            `${report.judge.model}: ${report.judge.judged} judged, ${report.judge.failed} failed, ${report.judge.calls} calls`,
          ],
          ['tolerance', report.tolerance],
          ['parity', `${report.parity.tasks} of ${report.parity.judged} judged tasks`],
        ].map(([what, value]) => ({ key: String(what), cells: [what ?? null, value ?? null] as PageCell[] })),
      },
    },
    { id: 'quality', heading: 'Quality (every judged pair)', table: rowsTable([report.quality]) },
    {
      id: 'efficiency',
      heading: 'Efficiency (the parity tasks; bare = baseline, with-server = candidate)',
      figures: true,
      table: rowsTable(report.report.rows),
    },
    taskSection(report),
  ];
  return {
    page: { title: report.title, lead: `agent-track view of ${dir}: ${report.tasks.length} tasks`, sections },
    inputs: [{ kind: 'report', source: file, report: report.report }],
  };
}
