import type {
  RungComparisonRow,
  RungOverlay,
  RungPairing,
  RungRun,
  RungTask,
} from '../../retrieval/index.js';
import { formatNumber, formatPValue } from '../format-number.js';
import { escapeHtml as h } from './embed.js';
import { PAGE_SCRIPT } from './page-script.js';
import { figuresHtml, type ViewerFigure } from './report-section.js';
import { viewerPage } from './viewer-page.js';

/** An overlay as the page shows it: its label (`name (earlier)` for the run compared against) and what it scored. */
export interface RungPageOverlay {
  label: string;
  overlay: RungOverlay;
}

/** What the rung page shows: the run, its overlays (and the earlier run's), the paired rows, the figures. */
export interface RungPageData {
  file: string;
  run: RungRun;
  overlays: RungPageOverlay[];
  comparison: { file: string; rows: RungComparisonRow[]; paired: RungPairing[] } | null;
  figures: ViewerFigure[];
}

const interval = (low: number | null, high: number | null) =>
  low === null ? '' : ` <span class="n">[${formatNumber(low)}, ${formatNumber(high)}]</span>`;
const metricName = (level: string, metric: string) => (level === 'latency' ? metric : `${level} ${metric}`);

function summaryTable(overlays: readonly RungPageOverlay[]): string {
  const keys: { level: string; metric: string }[] = [];
  const seen = new Set<string>();
  for (const { overlay } of overlays)
    for (const row of overlay.summary) {
      const key = metricName(row.level, row.metric);
      if (!seen.has(key)) {
        keys.push(row);
        seen.add(key);
      }
    }
  const cell = (o: RungOverlay, key: string) => {
    const row = o.summary.find((r) => metricName(r.level, r.metric) === key);
    return row === undefined
      ? '<td class="empty">–</td>'
      : `<td>${formatNumber(row.mean)}${interval(row.low, row.high)} <span class="n">n=${row.n}</span></td>`;
  };
  const rows = keys.map(({ level, metric }) => {
    const key = metricName(level, metric);
    return `<tr data-metric="${h(key)}"><td>${h(key)}</td>${overlays.map((o) => cell(o.overlay, key)).join('')}</tr>`;
  });
  const latency = `<tr><td>latency p50 / p95 ms</td>${overlays.map((o) => `<td>${formatNumber(o.overlay.latency_p50_ms, 2)} / ${formatNumber(o.overlay.latency_p95_ms, 2)}</td>`).join('')}</tr>`;
  const head = overlays.map(
    (o) =>
      `<th>${h(o.label)}<div class="n">${h(o.overlay.files.join(', ') || 'the serving config alone')}</div></th>`,
  );
  return `<table class="rung-summary"><thead><tr><th>metric (mean [95% CI])</th>${head.join('')}</tr></thead><tbody>${rows.join('')}${latency}</tbody></table>`;
}

function comparisonTable(comparison: NonNullable<RungPageData['comparison']>): string {
  const what = comparison.paired
    .map((p) => `${p.now} with the earlier ${p.before} over ${p.tasks} tasks`)
    .join('; ');
  const rows = comparison.rows.map(
    (r) =>
      `<tr><td>${h(r.overlay)}</td><td>${h(metricName(r.level, r.metric))}</td><td>${r.pairs}</td><td>${formatNumber(r.delta)}${interval(r.low, r.high)}</td><td>${formatPValue(r.pvalue)} <span class="n">${r.test}</span></td></tr>`,
  );
  return `<section id="comparison"><h2>Paired against <code>${h(comparison.file)}</code></h2><p class="muted">delta = now - before, task by task: ${h(what)}</p><table class="rung-compare"><thead><tr><th>overlay</th><th>metric</th><th>pairs</th><th>delta [95% CI]</th><th>p (one-sided)</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}

/** Whether the row at 1-based `rank` is gold: its path is a gold file, or it is where a gold item was first found. */
export function goldRow(task: RungTask, row: RungTask['rows'][number], rank: number): boolean {
  const ranks = task.gold_ranks ?? {};
  return Object.hasOwn(ranks, row.path) || Object.values(ranks).includes(rank);
}

function rankedList(label: string, task: RungTask | undefined): string {
  if (task === undefined)
    return `<div class="arm" data-overlay="${h(label)}"><h4>${h(label)}</h4><p class="empty">not run on this task</p></div>`;
  const rows = task.rows.map((row, i) => {
    const gold = goldRow(task, row, i + 1);
    const span = row.start === undefined ? '' : `:${row.start}-${row.end ?? row.start}`;
    return `<li class="${gold ? 'gold' : ''}" data-gold="${gold}"><span class="mono">${h(row.path)}${span}</span> ${h(row.name ?? '')}${gold ? ' <span class="badge gold">gold</span>' : ''}</li>`;
  });
  const gold = Object.entries(task.gold_ranks ?? {})
    .map(([item, rank]) => `${item} ${rank === null ? 'not found' : `at ${rank}`}`)
    .join(', ');
  const metrics = Object.keys(task.piece)
    .map(
      (m) =>
        `<tr><td>${h(m)}</td><td>${formatNumber(task.piece[m])}</td><td>${formatNumber(task.file[m])}</td></tr>`,
    )
    .join('');
  return `<div class="arm" data-overlay="${h(label)}"><h4>${h(label)} <span class="muted">${formatNumber(task.latency_ms, 1)} ms</span></h4>${task.error ? `<pre class="o-refused">${h(task.error)}</pre>` : ''}<p class="muted">gold: ${h(gold || 'none known')}</p><ol class="ranked">${rows.join('') || '<li class="empty">no rows</li>'}</ol><table class="task-metrics"><thead><tr><th>metric</th><th>piece</th><th>file</th></tr></thead><tbody>${metrics}</tbody></table></div>`;
}

function tasksSection(overlays: readonly RungPageOverlay[]): string {
  const ids: string[] = [];
  for (const { overlay } of overlays)
    for (const t of overlay.tasks) if (!ids.includes(t.task_id)) ids.push(t.task_id);
  const head = (id: string) =>
    overlays
      .map(({ label, overlay }) => {
        const t = overlay.tasks.find((x) => x.task_id === id);
        return `<span class="mono">${h(label)}</span> recall@10 ${formatNumber(t?.piece['recall@10'])}, mrr ${formatNumber(t?.piece.mrr)}`;
      })
      .join(' · ');
  const items = ids.map((id) => {
    const corpus = overlays.flatMap((o) => o.overlay.tasks).find((t) => t.task_id === id)?.corpus ?? '';
    const lists = overlays.map(({ label, overlay }) =>
      rankedList(
        label,
        overlay.tasks.find((t) => t.task_id === id),
      ),
    );
    return `<details class="task" data-task="${h(id)}" data-search="${h(`${id} ${corpus}`)}"><summary><span class="mono">${h(id)}</span> <span class="muted">${h(corpus)}</span><div class="n">${head(id)}</div></summary><div class="overlays-grid" style="grid-template-columns: repeat(${overlays.length}, minmax(0, 1fr))">${lists.join('')}</div></details>`;
  });
  return `<section id="tasks"><h2>Tasks</h2><p class="muted">Click a task to see each overlay's ranked rows side by side, gold marked, with every ranked metric at piece and file level.</p><div class="filters"><input type="search" id="f-text" placeholder="task id or corpus" aria-label="search tasks"><span id="f-count"></span></div>${items.join('')}</section>`;
}

/**
 * The page of a saved retrieval rung run: every summary metric per overlay with its interval, the
 * rung figures, the paired comparison against an earlier run when given, and per task each
 * overlay's ranked rows side by side with gold marked and every ranked metric.
 *
 * @example
 * const html = rungPage({ file, run, overlays: run.overlays.map((overlay) => ({ label: overlay.name, overlay })), comparison: null, figures: [] });
 */
export function rungPage(data: RungPageData): string {
  const { run } = data;
  return viewerPage({
    title: `retrieval rung: ${run.dataset}/${run.slice}`,
    lead: `agent-track view of ${data.file}: ${run.overlays.length} overlay(s), k=${run.k}${run.limit === null ? '' : `, the first ${run.limit} tasks`}, ${run.created_at}`,
    body: `<section id="summary"><h2>Scores</h2>${figuresHtml(data.figures)}${summaryTable(data.overlays)}</section>
${data.comparison === null ? '' : comparisonTable(data.comparison)}
${tasksSection(data.overlays)}`,
    script: PAGE_SCRIPT,
  });
}
