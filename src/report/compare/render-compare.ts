import { formatPValue, formatZ, formatNumber as num } from '../format-number.js';
import { armCellText, deltaText } from '../paired/cell-text.js';
import { GROUP_TITLES } from '../paired/render-markdown.js';
import type { CompareLooks, CompareReport, CompareRow } from './compare-schema.js';

const ARROWS = { lower: '↓', higher: '↑', neither: '·' } as const;

function pText(delta: CompareRow['deltas'][number]): string {
  if (delta.test === 'none' || delta.pvalue === null) return 'n/a';
  return `${formatPValue(delta.pvalue)} / ${formatPValue(delta.p_holm)}${delta.significant ? ' *' : ''}`;
}

/**
 * A comparison's rows as one table: the metric, its direction, each system's mean [95% interval],
 * then per other system its delta against the reference and `p / p Holm` (`*` where significant).
 * What `report.md` prints per group and `agent-track view` shows.
 *
 * @example
 * compareTable(report).columns; // ['metric', '', 'reference', 'fs', 'Δ fs − reference', 'p / p Holm']
 */
export function compareTable(report: CompareReport): {
  columns: string[];
  rows: { key: string; group: string; cells: string[] }[];
} {
  const names = report.systems.map((system) => system.name);
  const others = names.filter((name) => name !== report.reference);
  return {
    columns: [
      'metric',
      '',
      ...names,
      ...others.flatMap((name) => [`Δ ${name} − ${report.reference}`, 'p / p Holm']),
    ],
    rows: report.rows.map((row) => ({
      key: row.key,
      group: row.group,
      cells: [
        row.key,
        ARROWS[row.direction],
        ...names.map((name) => armCellText(row.cells[name]!)),
        ...row.deltas.flatMap((delta) => [deltaText(delta), pText(delta)]),
      ],
    })),
  };
}

/** What a comparison table's cells hold, under the table in `report.md` and on the page. */
export function compareCellsNote(report: CompareReport): string {
  const others = report.systems.filter((system) => system.name !== report.reference).length;
  return `Cells: mean [95% bootstrap interval] over the tasks a system defined; Δ over the tasks both defined, system minus reference; p two-sided (Wilcoxon signed-rank, McNemar for yes/no rows), then Holm-adjusted across the ${others} comparison(s) of each metric; * where the adjusted p is at most α = ${report.alpha}. n/a: undefined, never 0.`;
}

/** The looks section: where the comparison stopped, then each look's z and verdict per system. */
function compareLooksLines(looks: CompareLooks): string[] {
  return [
    '## Looks',
    '',
    `${looks.line[0]!.toUpperCase()}${looks.line.slice(1)} Each system two-sided at α = ${Number(looks.alpha.toPrecision(3))}, on \`${looks.primary}\`.`,
    '',
    '| look | tasks | system | pairs | z | verdict |',
    '| --- | --- | --- | --- | --- | --- |',
    ...looks.observed.flatMap((record) =>
      record.systems.map(
        (system) =>
          `| ${record.look} | ${record.tasks} | ${system.system} | ${system.pairs} | ${formatZ(system.z, system.decision)} | ${system.decision} |`,
      ),
    ),
    '',
  ];
}

/**
 * `report.md` of a comparison: the systems and their outcomes, the head line of each system's gold
 * reached, then per group one table with a column per system and, per other system, its delta
 * against the reference with the raw and Holm-adjusted p.
 *
 * @example
 * writeFileSync('runs/compare/report.md', renderCompareMarkdown(report));
 */
export function renderCompareMarkdown(report: CompareReport): string {
  const names = report.systems.map((system) => system.name);
  const lines = [`# ${report.title}`, ''];
  if (report.offline)
    lines.push(
      '> Model: the **offline policy**, a deterministic stand-in for a model. These numbers exercise the pipeline; they say nothing about a real model.',
      '',
    );
  lines.push(
    `**Gold reached** (share of tasks whose gold a call surfaced): ${names
      .map((name) => `${name} ${num(report.needle_reached[name] ?? null)}`)
      .join(', ')}. Reference: \`${report.reference}\`.`,
    '',
    ...(report.clustering === undefined ? [] : [`Clusters: ${report.clustering.line}`, '']),
    ...(report.margins === undefined
      ? []
      : [
          '## Margins',
          '',
          ...report.margins.map((margin) => `- ${margin.passed ? '✅' : '❔'} ${margin.line}.`),
          '',
        ]),
    ...(report.looks === undefined ? [] : compareLooksLines(report.looks)),
    '| system | what ran | search tool | tasks | outcomes | failed rollouts |',
    '| --- | --- | --- | --- | --- | --- |',
    ...report.systems.map(
      (system) =>
        `| ${system.name} | \`${system.spec}\` | ${report.search_tools[system.name] ?? 'none'} | ${system.tasks} | ${Object.entries(
          system.outcomes,
        )
          .map(([outcome, count]) => `${outcome} ${count}`)
          .join(', ')} | ${system.failed} |`,
    ),
    '',
  );
  const table = compareTable(report);
  const header = `| ${table.columns.join(' | ')} |`;
  const rule = `|${' --- |'.repeat(table.columns.length)}`;
  const groups = {
    ...GROUP_TITLES,
    rung: "The free rung (each system's search tool asked each question once, no model; file gold at file level)",
  };
  for (const [group, title] of Object.entries(groups)) {
    const rows = report.rows.filter((row) => row.group === group);
    if (rows.length === 0) continue;
    lines.push(`## ${title}`, '', header, rule);
    for (const row of table.rows.filter((r) => r.group === group)) lines.push(`| ${row.cells.join(' | ')} |`);
    lines.push('');
  }
  lines.push(compareCellsNote(report), '');
  return lines.join('\n');
}
