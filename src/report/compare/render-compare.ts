import { formatPValue, formatNumber as num } from '../format-number.js';
import { armCellText, deltaText } from '../paired/cell-text.js';
import { GROUP_TITLES } from '../paired/render-markdown.js';
import type { CompareReport, CompareRow } from './compare-schema.js';

const ARROWS = { lower: '↓', higher: '↑', neither: '·' } as const;

function pText(delta: CompareRow['deltas'][number]): string {
  if (delta.test === 'none' || delta.pvalue === null) return 'n/a';
  return `${formatPValue(delta.pvalue)} / ${formatPValue(delta.p_holm)}${delta.significant ? ' *' : ''}`;
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
  const others = names.filter((name) => name !== report.reference);
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
  const header = [
    '| metric | |',
    ...names.map((name) => ` ${name} |`),
    ...others.map((name) => ` Δ ${name} − ${report.reference} | p / p Holm |`),
  ].join('');
  const rule = `| --- | --- |${' --- |'.repeat(names.length + others.length * 2)}`;
  const groups = {
    ...GROUP_TITLES,
    rung: "The free rung (each system's search tool asked each question once, no model; file gold at file level)",
  };
  for (const [group, title] of Object.entries(groups)) {
    const rows = report.rows.filter((row) => row.group === group);
    if (rows.length === 0) continue;
    lines.push(`## ${title}`, '', header, rule);
    for (const row of rows) {
      const cells = names.map((name) => ` ${armCellText(row.cells[name]!)} |`).join('');
      const deltas = row.deltas.map((delta) => ` ${deltaText(delta)} | ${pText(delta)} |`).join('');
      lines.push(`| ${row.key} | ${ARROWS[row.direction]} |${cells}${deltas}`);
    }
    lines.push('');
  }
  lines.push(
    `Cells: mean [95% bootstrap interval] over the tasks a system defined; Δ over the tasks both defined, system minus reference; p two-sided (Wilcoxon signed-rank, McNemar for yes/no rows), then Holm-adjusted across the ${others.length} comparison(s) of each metric; * where the adjusted p is at most α = ${report.alpha}. n/a: undefined, never 0.`,
    '',
  );
  return lines.join('\n');
}
