import { OUTCOMES } from '../../trajectory/index.js';
import { GROUP_TITLES } from '../paired/render-markdown.js';
import type { CollectedRun } from './collect-run.js';
import { escapeHtml as h, packText } from './embed.js';
import { reportSection, type ViewerFigure } from './report-section.js';
import { viewerPage } from './viewer-page.js';
import { VIEWER_SCRIPT } from './viewer-script.js';

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
<label>${h(run.labels.baseline)} <select id="f-base-outcome"><option value="">any outcome</option>${outcomes}</select></label>
<label>${h(run.labels.candidate)} <select id="f-cand-outcome"><option value="">any outcome</option>${outcomes}</select></label>
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
export function renderViewer(run: CollectedRun, figures: readonly ViewerFigure[], lead?: string): string {
  const title = run.title ?? run.report?.title ?? `run ${run.dir}`;
  const summary = { metrics: run.metrics, tasks: run.tasks, arms: run.labels };
  const details = Object.fromEntries(
    [...run.details].map(([id, detail]) => [id, packText(JSON.stringify(detail))]),
  );
  const differ = run.tasks.filter((t) => t.differ).length;
  const [base, cand] = [h(run.labels.baseline), h(run.labels.candidate)];
  return viewerPage({
    title,
    lead: `agent-track view of ${run.dir}: ${run.tasks.length} tasks, ${differ} where the arms differ`,
    body: `${lead ?? reportSection(run.report, figures, new Set(run.metrics.map((m) => m.key)), run.labels)}
<section id="tasks"><h2>Tasks</h2>
<p class="muted">Click a task to see both arms side by side: every turn and tool call, its arguments and preview, the needless components that charged it and whether it reached gold. ≠ marks tasks where the arms differ in outcome, calls, needless-call rate, gold reached or calls to first gold.</p>
${filters(run)}
<table class="tasks"><thead><tr><th>task</th><th>question</th><th>${base}</th><th>${cand}</th><th>calls (${base} → ${cand})</th><th>needless_call_rate</th><th>needle_reached</th><th id="chosen-head"></th></tr></thead>
<tbody id="task-rows"></tbody></table>
</section>`,
    script: VIEWER_SCRIPT,
    data: {
      before: { 'viewer-summary': summary },
      after: { 'viewer-details': details, 'viewer-blobs': Object.fromEntries(run.blobs) },
    },
  });
}
