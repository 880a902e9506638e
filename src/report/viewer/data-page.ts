import { formatNumber } from '../format-number.js';
import { escapeHtml as h } from './embed.js';
import { PAGE_SCRIPT } from './page-script.js';
import { figuresHtml, type ViewerFigure } from './report-section.js';
import { viewerPage } from './viewer-page.js';

/**
 * One table cell: text as given, a number through `formatNumber`, `null` as an empty dash, a link
 * (`href` relative to the page, or absolute) as its text.
 */
export type PageCell = string | number | null | { text: string; href: string };

/** A table of plain values; `mark` is a row's class (`better`, `worse`, `gold`, ...), `key` its `data-key`. */
export interface PageTable {
  columns: string[];
  rows: { cells: PageCell[]; mark?: string; key?: string }[];
}

/** One openable item (a round, a task): its summary line, then a note, a table and a diff. */
export interface PageItem {
  /** Opened by `#task=<id>`; shown as `data-task`. */
  id: string;
  /** What the text filter matches against. */
  search: string;
  summary: string;
  note?: string;
  table?: PageTable;
  diff?: string;
}

/** One section of a data page: a heading, a note, a table, a unified diff, openable items. */
export interface PageSection {
  id: string;
  heading: string;
  note?: string;
  table?: PageTable;
  diff?: string;
  items?: PageItem[];
  /** Draw the page's figures at the top of this section. */
  figures?: boolean;
}

/** What a job hands the report layer to draw: plain data, no HTML. */
export interface DataPage {
  title: string;
  lead: string;
  sections: PageSection[];
}

const cell = (value: PageCell) =>
  value === null
    ? '<td class="empty">–</td>'
    : typeof value === 'object'
      ? `<td><a href="${h(value.href)}">${h(value.text)}</a></td>`
      : `<td>${h(typeof value === 'number' ? formatNumber(value) : value)}</td>`;

function tableHtml(table: PageTable | undefined): string {
  if (table === undefined) return '';
  const head = table.columns.map((c) => `<th>${h(c)}</th>`).join('');
  const rows = table.rows.map(
    (row) =>
      `<tr${row.mark === undefined ? '' : ` class="${h(row.mark)}"`}${row.key === undefined ? '' : ` data-key="${h(row.key)}"`}>${row.cells.map(cell).join('')}</tr>`,
  );
  return `<table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function diffHtml(diff: string | undefined): string {
  if (diff === undefined) return '';
  const lines = diff.split('\n').map((line) => {
    const kind = line.startsWith('@@')
      ? 'hunk'
      : line.startsWith('+') && !line.startsWith('+++')
        ? 'add'
        : line.startsWith('-') && !line.startsWith('---')
          ? 'del'
          : '';
    return kind === '' ? h(line) : `<span class="${kind}">${h(line)}</span>`;
  });
  return `<pre class="diff-text">${lines.join('\n')}</pre>`;
}

const note = (text: string | undefined) => (text === undefined ? '' : `<p class="muted">${h(text)}</p>`);

function itemHtml(item: PageItem): string {
  return `<details class="task" data-task="${h(item.id)}" data-search="${h(item.search)}"><summary>${h(item.summary)}</summary>${note(item.note)}${tableHtml(item.table)}${diffHtml(item.diff)}</details>`;
}

function sectionHtml(section: PageSection, figures: readonly ViewerFigure[], filter: boolean): string {
  const items = section.items ?? [];
  const filters =
    filter && items.length > 0
      ? '<div class="filters"><input type="search" id="f-text" placeholder="filter" aria-label="filter"><span id="f-count"></span></div>'
      : '';
  return `<section id="${h(section.id)}"><h2>${h(section.heading)}</h2>${section.figures ? figuresHtml(figures) : ''}${note(section.note)}${tableHtml(section.table)}${diffHtml(section.diff)}${filters}${items.map(itemHtml).join('')}</section>`;
}

/**
 * A page of plain data (an optimize campaign, a track) through the one viewer shell: each
 * section's note, table, diff and openable items, every value escaped here; the first section with
 * items gets the text filter, and `#task=<id>` opens an item.
 *
 * @example
 * const html = dataPage({ title: 'optimize', lead: '2 rounds', sections: [{ id: 'rounds', heading: 'Rounds', items }] }, []);
 */
export function dataPage(page: DataPage, figures: readonly ViewerFigure[]): string {
  const first = page.sections.findIndex((s) => (s.items ?? []).length > 0);
  return viewerPage({
    title: page.title,
    lead: page.lead,
    body: page.sections.map((s, i) => sectionHtml(s, figures, i === first)).join('\n'),
    script: PAGE_SCRIPT,
  });
}
