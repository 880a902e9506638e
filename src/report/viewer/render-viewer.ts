import { createHash } from 'node:crypto';
import { OUTCOMES } from '../../trajectory/index.js';
import { GROUP_TITLES } from '../paired/render-markdown.js';
import type { CollectedRun } from './collect-run.js';
import { escapeHtml as h, packText, scriptJson } from './embed.js';
import { reportSection, type ViewerFigure } from './report-section.js';
import { VIEWER_SCRIPT } from './viewer-script.js';
import { VIEWER_STYLE } from './viewer-style.js';

const RELATIONS = [
  ['any', 'any value'],
  ['changed', 'changed'],
  ['better', 'candidate better'],
  ['worse', 'candidate worse'],
  ['higher', 'candidate higher'],
  ['lower', 'candidate lower'],
  ['same', 'the same'],
] as const;

const option = (value: string, label: string) => `<option value="${h(value)}">${h(label)}</option>`;

function filters(run: CollectedRun): string {
  const outcomes = [...OUTCOMES, 'refused', 'missing'].map((o) => option(o, o)).join('');
  const groups: string[] = [];
  for (const group of new Set(run.metrics.map((m) => m.group))) {
    const opts = run.metrics.filter((m) => m.group === group).map((m) => option(m.key, m.key));
    groups.push(`<optgroup label="${h(GROUP_TITLES[group] ?? group)}">${opts.join('')}</optgroup>`);
  }
  return `<div class="filters">
<label><input type="checkbox" id="f-differ"> only tasks where the arms differ</label>
<label>baseline <select id="f-base-outcome"><option value="">any outcome</option>${outcomes}</select></label>
<label>candidate <select id="f-cand-outcome"><option value="">any outcome</option>${outcomes}</select></label>
<label>metric <select id="f-metric"><option value="">(none)</option>${groups.join('')}</select></label>
<select id="f-relation" aria-label="how the candidate compares">${RELATIONS.map(([v, l]) => option(v, l)).join('')}</select>
<input type="search" id="f-text" placeholder="task id or question" aria-label="search tasks">
<span id="f-count"></span>
</div>`;
}

/**
 * The whole page as one string: a strict Content-Security-Policy (no network; only the page's own
 * script, by its hash, may run), the report rendered as HTML, the filters and the task list, then
 * the data: the summary as escaped JSON, each task's details and each distinct cut result
 * compressed (`packText`), and the script.
 *
 * @example
 * const html = renderViewer(await collectRun('runs/docs-v2'), figures);
 */
export function renderViewer(run: CollectedRun, figures: readonly ViewerFigure[]): string {
  const title = run.report?.title ?? `run ${run.dir}`;
  const scriptHash = createHash('sha256').update(VIEWER_SCRIPT).digest('base64');
  const csp = `default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'`;
  const summary = { metrics: run.metrics, tasks: run.tasks };
  const details = Object.fromEntries(
    [...run.details].map(([id, detail]) => [id, packText(JSON.stringify(detail))]),
  );
  const differ = run.tasks.filter((t) => t.differ).length;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(title)} - agent-track</title>
<style>${VIEWER_STYLE}</style>
</head>
<body>
<header><h1>${h(title)}</h1><p class="muted">agent-track view of <code>${h(run.dir)}</code>: ${run.tasks.length} tasks, ${differ} where the arms differ</p></header>
${reportSection(run.report, figures, new Set(run.metrics.map((m) => m.key)))}
<section id="tasks"><h2>Tasks</h2>
<p class="muted">Click a task to see both arms side by side: every turn and tool call, its arguments and preview, the needless components that charged it and whether it reached gold. ≠ marks tasks where the arms differ in outcome, calls, needless-call rate, gold reached or calls to first gold.</p>
${filters(run)}
<table class="tasks"><thead><tr><th>task</th><th>question</th><th>baseline</th><th>candidate</th><th>calls (b → c)</th><th>needless_call_rate</th><th>needle_reached</th><th id="chosen-head"></th></tr></thead>
<tbody id="task-rows"></tbody></table>
</section>
<script type="application/json" id="viewer-summary">${scriptJson(summary)}</script>
<script>${VIEWER_SCRIPT}</script>
<script type="application/json" id="viewer-details">${scriptJson(details)}</script>
<script type="application/json" id="viewer-blobs">${scriptJson(Object.fromEntries(run.blobs))}</script>
</body>
</html>
`;
}
