import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  formatNumber,
  formatPValue,
  objectiveTraceSchema,
  type PageItem,
  type PageSection,
} from '../../report/index.js';
import type { PlotInput } from '../../report/plots/index.js';
import { type OptimizeResultView, optimizeResultViewSchema } from './optimize-result-schema.js';
import { readRunFile } from './read-json.js';
import type { JobView } from './track-page.js';

const usd = (value: number | null | undefined) =>
  value === null || value === undefined ? null : `$${value.toFixed(4)}`;
const interval = (low: number | null, high: number | null) =>
  low === null ? '' : ` [${formatNumber(low)}, ${formatNumber(high)}]`;

function roundItems(result: OptimizeResultView): PageItem[] {
  const rounds = [...new Set(result.candidates.map((c) => c.round))].sort((a, b) => a - b);
  return rounds.map((round) => {
    const candidates = result.candidates.filter((c) => c.round === round);
    const accepted = candidates.filter((c) => c.status === 'accepted').map((c) => c.id);
    return {
      id: `round-${round}`,
      search: `round ${round} ${candidates.map((c) => `${c.id} ${c.status} ${c.operator}`).join(' ')}`,
      summary: `round ${round}: ${candidates.length} candidate(s), ${accepted.length === 0 ? 'none accepted' : `accepted ${accepted.join(', ')}`}`,
      table: {
        columns: [
          'candidate',
          'parent',
          'operator',
          'free checks',
          'screening (tasks: mean)',
          'search delta',
          'status',
          'cost',
        ],
        rows: candidates.map((c) => ({
          key: c.id,
          mark: c.status === 'accepted' ? 'better' : undefined,
          cells: [
            c.id,
            c.parent,
            c.operator,
            c.free_checks.pass ? 'pass' : `fail: ${c.free_checks.reason ?? ''}`,
            c.screening.map((s) => `${s.tasks}: ${formatNumber(s.mean)}`).join(', ') || null,
            c.search_delta,
            c.status,
            usd(c.cost_usd),
          ],
        })),
      },
    };
  });
}

function confirmationsSection(result: OptimizeResultView): PageSection {
  return {
    id: 'confirmations',
    heading: 'Confirmations on the held-out slice',
    note:
      result.confirmations.length === 0
        ? 'No candidate reached the held-out slice.'
        : 'Each candidate that won the search, paired task by task against the incumbent: delta = candidate - incumbent.',
    table: {
      columns: [
        '#',
        'candidate',
        'against',
        'slice',
        'test',
        'pairs',
        'delta [95% CI]',
        'p',
        'alpha',
        'margin',
        'decision',
        'reason',
      ],
      rows: result.confirmations.map((c) => ({
        key: c.candidate,
        mark: c.decision === 'accepted' ? 'better' : undefined,
        cells: [
          c.index,
          c.candidate,
          c.incumbent,
          c.slice,
          c.test,
          c.pairs,
          `${formatNumber(c.delta)}${interval(c.low, c.high)}`,
          formatPValue(c.pvalue),
          formatNumber(c.alpha, 4),
          c.margin,
          c.decision,
          c.reason,
        ],
      })),
    },
  };
}

/**
 * Collects an optimize campaign's page from its directory (`result.json`, `objective.json`): the
 * run, every round's candidates with their scores and costs, the confirmations with p-values, the
 * accepted diff, and the objective over spend (figure and table). Plain data for `writeDataPage`.
 *
 * @example
 * const { page, inputs } = optimizePage('runs/opt-docs');
 */
export function optimizePage(dir: string): JobView {
  const file = join(dir, 'result.json');
  const result = readRunFile(file, optimizeResultViewSchema, 'an optimize result');
  const traceFile = join(dir, 'objective.json');
  const trace = existsSync(traceFile)
    ? readRunFile(traceFile, objectiveTraceSchema, 'an objective trace')
    : null;
  const inputs: PlotInput[] = trace === null ? [] : [{ kind: 'objective', source: traceFile, trace }];
  const sections: PageSection[] = [
    {
      id: 'summary',
      heading: 'Campaign',
      table: {
        columns: ['what', 'value'],
        rows: [
          ['axis', result.axis],
          ['config', result.config],
          ['stopped', `${result.stop}${result.stopped_by === null ? '' : ` (${result.stopped_by})`}`],
          ['rounds', result.rounds],
          ['search slice', `${result.search.slice} (${result.search.tasks} tasks)`],
          ['acceptance slice', `${result.acceptance.slice} (${result.acceptance.tasks} tasks)`],
          ['incumbent', `${result.incumbent.id} (search mean ${formatNumber(result.incumbent.search_mean)})`],
          ['final', result.final.id],
          ['rollouts', `${result.rollouts} (campaign ${result.campaign_rollouts})`],
          [
            'spend',
            `${usd(result.spend.usd)} (${Object.entries(result.spend.by_kind)
              .map(([k, v]) => `${k} ${usd(v)}`)
              .join(', ')})`,
          ],
          ['judge', result.judge],
        ].map(([what, value]) => ({ key: String(what), cells: [what ?? null, value ?? null] })),
      },
    },
    {
      id: 'rounds',
      heading: 'Rounds',
      note: 'Open a round to see its candidates.',
      items: roundItems(result),
    },
    confirmationsSection(result),
    {
      id: 'diff',
      heading: 'The accepted diff',
      ...(result.diff === null
        ? { note: 'No text candidate was accepted: the incumbent stands.' }
        : { diff: result.diff }),
    },
    {
      id: 'objective',
      heading: 'Objective over spend',
      figures: true,
      ...(trace === null
        ? { note: 'No objective.json in the run.' }
        : {
            table: {
              columns: ['point', 'spend', 'objective [95% CI]', 'accepted'],
              rows: trace.points.map((p) => ({
                key: p.label,
                cells: [
                  p.label,
                  usd(p.spend_usd),
                  `${formatNumber(p.objective)}${interval(p.low, p.high)}`,
                  p.accepted ? 'yes' : 'no',
                ],
              })),
            },
          }),
    },
  ];
  return {
    page: {
      title: `optimize: ${result.axis}`,
      lead: `agent-track view of ${dir}: ${result.candidates.length} candidates over ${result.rounds} round(s), final ${result.final.id}${result.dry_run ? ', dry run' : ''}`,
      sections,
    },
    inputs,
  };
}
