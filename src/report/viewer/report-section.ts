import { armCellText, deltaText, pValueText } from '../paired/cell-text.js';
import { GROUP_TITLES, verdictMark, verdictNotes } from '../paired/render-markdown.js';
import { type RepeatTable, repeatTable, taskRepeatTable } from '../paired/repeat-table.js';
import type { Report, ReportRow } from '../paired/report-schema.js';
import { rowVerdict } from '../plots/forest.js';
import { escapeHtml as h } from './embed.js';

/** A figure as the page shows it: its name and its SVG text (shown as an image, so two figures' ids never clash). */
export interface ViewerFigure {
  name: string;
  svg: string;
  width: number;
}

const ARROWS = {
  lower: '↓ lower is better',
  higher: '↑ higher is better',
  neither: '· no direction',
} as const;
function rowHtml(row: ReportRow, filterable: boolean): string {
  const delta = deltaText(row);
  const p = pValueText(row);
  const name = filterable
    ? `<button type="button" class="metric-link" data-metric="${h(row.key)}" title="filter the tasks by ${h(row.key)}">${h(row.key)}</button>`
    : h(row.key);
  const note = row.note ? ` <span class="note">${h(row.note)}</span>` : '';
  return `<tr class="v-${rowVerdict(row)}"><td>${name}${note}</td><td title="${ARROWS[row.direction]}">${ARROWS[row.direction].slice(0, 1)}</td><td>${h(armCellText(row.baseline))} <span class="n">n=${row.baseline.n}</span></td><td>${h(armCellText(row.candidate))} <span class="n">n=${row.candidate.n}</span></td><td>${h(delta)}</td><td>${row.pairs}</td><td>${h(p)}</td></tr>`;
}

function armsTable(report: Report): string {
  const rows = report.arms.map((arm) => {
    const outcomes = Object.entries(arm.outcomes)
      .map(([o, n]) => `${o} ${n}`)
      .join(', ');
    return `<tr><td>${h(arm.name)}</td><td><code title="${h(arm.commit)}">${h(arm.commit.slice(0, 12))}</code> ${h(arm.subject)}</td><td>${arm.tasks}</td><td>${h(outcomes)}</td><td>${arm.near_cap}</td><td>${arm.failed}</td><td>${arm.not_run}</td></tr>`;
  });
  return `<table class="arms"><thead><tr><th>arm</th><th>commit</th><th>tasks</th><th>outcomes</th><th>near cap</th><th>failed rollouts</th><th>not run</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The figures as `data:` SVG images with their names. */
export function figuresHtml(figures: readonly ViewerFigure[]): string {
  if (figures.length === 0) return '';
  const items = figures.map(
    (f) =>
      `<figure><img alt="${h(f.name)}" width="${Math.round(f.width)}" src="data:image/svg+xml;base64,${Buffer.from(f.svg, 'utf8').toString('base64')}"><figcaption>${h(f.name)}</figcaption></figure>`,
  );
  return `<div class="figures">${items.join('')}</div>`;
}

/**
 * The report as HTML, rendered before any script runs: the verdict, each arm's commit and tally,
 * the figures, and every row grouped as in `report.md` (arm means with 95% intervals, the paired
 * delta, pairs, one-sided p), coloured better / worse / neither; a row's name filters the tasks by
 * it when the tasks carry that metric.
 *
 * @example
 * reportSection(report, figures, new Set(['needless_call_rate']));
 */
export function reportSection(
  report: Report | null,
  figures: readonly ViewerFigure[],
  filterable: ReadonlySet<string>,
  labels: { baseline: string; candidate: string } = { baseline: 'baseline', candidate: 'candidate' },
): string {
  if (report === null) {
    return '<section id="report"><h2>Report</h2><p class="empty">This run has no <code>report.json</code> yet: only the tasks are shown.</p></section>';
  }
  const model = report.offline
    ? `<p class="offline">Model: the <strong>offline policy</strong>, a ${report.stand_in === undefined ? 'deterministic' : `seeded, sampling (temperature ${report.stand_in.temperature}, seed ${report.stand_in.seed})`} stand-in for a model. These numbers exercise the pipeline; they say nothing about a real model.</p>`
    : `<p>Model: <code>${h(report.model)}</code></p>`;
  const rule = report.verdict.rule === undefined ? '' : `<p class="rule">${h(report.verdict.rule)}</p>`;
  const notes = verdictNotes(report)
    .map((note) => `<p class="rule">${h(note)}</p>`)
    .join('');
  const verdict = `<p class="verdict ${report.verdict.success ? 'ok' : 'fail'}">${verdictMark(report)} ${h(report.verdict.line)}</p>${rule}${notes}`;
  const body: string[] = [];
  let group = '';
  for (const row of report.rows) {
    if (row.group !== group) {
      group = row.group;
      body.push(`<tr class="group"><th colspan="7">${h(GROUP_TITLES[group] ?? group)}</th></tr>`);
    }
    body.push(rowHtml(row, filterable.has(row.key)));
  }
  const table = `<table class="report"><thead><tr><th>metric</th><th></th><th>${h(labels.baseline)} mean [95% CI]</th><th>${h(labels.candidate)} mean [95% CI]</th><th>delta [95% CI]</th><th>pairs</th><th>p (one-sided)</th></tr></thead><tbody>${body.join('')}</tbody></table>`;
  const tableHtml = (t: RepeatTable | null) =>
    t === null
      ? ''
      : `<p>${h(t.lead)}</p><table class="repeats"><thead><tr>${t.header.map((c) => `<th>${h(c)}</th>`).join('')}</tr></thead><tbody>${t.rows.map((r) => `<tr>${r.map((c) => `<td>${h(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
  const repeats = repeatTable(report, ['baseline', 'candidate']);
  const repeatsHtml =
    repeats === null
      ? ''
      : `<h3>Repeats</h3>${tableHtml(repeats)}${tableHtml(taskRepeatTable(report, ['baseline', 'candidate']))}`;
  const usd = (x: number | null) => (x === null ? 'n/a' : `$${x.toFixed(4)}`);
  const cost = `<p class="cost">Estimated cost: baseline ${usd(report.cost.estimated_usd.baseline)}, candidate ${usd(report.cost.estimated_usd.candidate)}; quoted by the endpoint: baseline ${usd(report.cost.quoted_usd.baseline)}, candidate ${usd(report.cost.quoted_usd.candidate)}.</p>`;
  return `<section id="report"><h2>Report</h2>${model}${verdict}${armsTable(report)}${figuresHtml(figures)}${repeatsHtml}${table}${cost}</section>`;
}
