import { formatNumber as num } from '../format-number.js';
import { armCellText, deltaText, pValueText } from './cell-text.js';
import { repeatTable, taskRepeatTable } from './repeat-table.js';
import type { Report, ReportRow } from './report-schema.js';

/** The verdict's mark: ✅ succeeds, ❌ fails, ➖ no change, ❔ inconclusive (a report before outcomes: ✅ / ❌). */
export function verdictMark(report: Report): string {
  const outcome = report.verdict.outcome ?? (report.verdict.success ? 'succeeds' : 'fails');
  return { succeeds: '✅', fails: '❌', no_change: '➖', inconclusive: '❔' }[outcome];
}

/**
 * The lines under the verdict, the same in `report.md` and the viewer: where a run in looks
 * stopped, each margin's own verdict and how the tasks were clustered.
 *
 * @example
 * verdictNotes(report); // ['✅ Margin: no worse than 0.05 on needle_reached (p = 0.0123, ...).', 'Clusters: Tasks in 6 clusters ...']
 */
export function verdictNotes(report: Report): string[] {
  return [
    ...(report.looks === undefined ? [] : [`Looks: ${report.looks.line}`]),
    ...(report.margins ?? []).map((margin) => `${margin.passed ? '✅' : '❔'} Margin: ${margin.line}.`),
    ...(report.clustering === undefined ? [] : [`Clusters: ${report.clustering.line}`]),
  ];
}

/** Section titles of the report's row groups, in report order. */
export const GROUP_TITLES: Readonly<Record<string, string>> = {
  outcome: 'Outcomes',
  turns: 'Turns and calls',
  efficiency: 'Call efficiency',
  retrieval: "The runs' own retrieval",
  gold: 'Gold reached',
  used: 'Used calls',
  usage: 'Usage and cost',
  quality: 'Answer quality (blind judge)',
  agent: "The agent's own figures",
};
const ARROWS = { lower: '↓', higher: '↑', neither: '·' } as const;

function metricLines(row: ReportRow): string[] {
  const delta = deltaText(row);
  const p = pValueText(row);
  const name = `${row.key}${row.note ? ` (${row.note})` : ''}`;
  const lines = [
    `| ${name} | ${ARROWS[row.direction]} | ${armCellText(row.baseline)} | ${armCellText(row.candidate)} | ${delta} | ${row.pairs} | ${p} |`,
  ];
  if (row.totals)
    lines.push(`| ${row.key}: total | | ${num(row.totals.baseline)} | ${num(row.totals.candidate)} | | | |`);
  if (row.p90)
    lines.push(`| ${row.key}: p90 | | ${num(row.p90.baseline)} | ${num(row.p90.candidate)} | | | |`);
  return lines;
}

export interface RenderReportOptions {
  /** What the two arms are called in the tables (default `baseline`, `candidate`). */
  armLabels?: readonly [string, string];
}

// Rates over calls are undefined for a run that made no call: the table says how many it left out.
function noCallNote(report: Report, baseLabel: string, candLabel: string): string | null {
  const row = report.rows.find((r) => r.key === 'needless_call_rate');
  const [base, cand] = report.arms;
  if (row === undefined || base === undefined || cand === undefined) return null;
  const dropped = [base.tasks - row.baseline.n, cand.tasks - row.candidate.n];
  if (dropped[0] === 0 && dropped[1] === 0) return null;
  return `Runs that made no tool call have no rate over calls (n/a, never 0) and are left out of these rows: ${baseLabel} ${dropped[0]}, ${candLabel} ${dropped[1]}.`;
}

/**
 * `report.md`, ready to post: the verdict line, each arm's commit and tally, one outcome per task,
 * then every row grouped as in the report (arm means with 95% intervals, paired delta with its
 * interval, pairs, one-sided p), and the dollars.
 */
export function renderReportMarkdown(report: Report, options: RenderReportOptions = {}): string {
  const [base, cand] = report.arms;
  const [baseLabel, candLabel] = options.armLabels ?? ['baseline', 'candidate'];
  const label = (name: string) => (name === 'baseline' ? baseLabel : candLabel);
  const out: string[] = [`# ${report.title}`, ''];
  if (report.offline) {
    out.push(
      `> Model: the **offline policy**, a ${report.stand_in === undefined ? 'deterministic' : `seeded, sampling (temperature ${report.stand_in.temperature}, seed ${report.stand_in.seed})`} stand-in for a model. These numbers exercise the pipeline; they say nothing about a real model.`,
      '',
    );
  } else {
    out.push(`Model: \`${report.model}\``, '');
  }
  out.push(`**${verdictMark(report)} ${report.verdict.line}**`, '');
  if (report.verdict.rule !== undefined) out.push(report.verdict.rule, '');
  for (const note of verdictNotes(report)) out.push(note, '');
  const notRun = base!.not_run + cand!.not_run;
  const failed = base!.failed + cand!.failed;
  if (notRun + failed > 0)
    out.push(
      `**Partial run:** ${notRun} rollout(s) never ran (stopped by the ceiling or an interrupt) and ${failed} failed; the rows pair only the tasks both arms finished. Running it again resumes without paying twice for what finished.`,
      '',
    );
  out.push(
    '| arm | commit | tasks | outcomes | near cap | failed rollouts | not run |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const arm of [base!, cand!]) {
    const tally = Object.entries(arm.outcomes)
      .map(([outcome, n]) => `${outcome} ${n}`)
      .join(', ');
    out.push(
      `| ${label(arm.name)} | \`${arm.commit.slice(0, 12)}\` ${arm.subject} | ${arm.tasks} | ${tally || 'none'} | ${arm.near_cap} | ${arm.failed} | ${arm.not_run} |`,
    );
  }
  out.push('', '## Outcome per task', '', `| task | ${baseLabel} | ${candLabel} |`, '| --- | --- | --- |');
  for (const t of report.outcomes_by_task) {
    const mark = t.baseline !== t.candidate ? ' ◆' : '';
    out.push(`| ${t.task_id}${mark} | ${t.baseline ?? 'n/a'} | ${t.candidate ?? 'n/a'} |`);
  }
  const repeats = repeatTable(report, [baseLabel, candLabel]);
  if (repeats !== null) {
    out.push('', '## Repeats', '', repeats.lead, '', `| ${repeats.header.join(' | ')} |`);
    out.push(`| ${repeats.header.map(() => '---').join(' | ')} |`);
    for (const row of repeats.rows) out.push(`| ${row.join(' | ')} |`);
  }
  const perTask = taskRepeatTable(report, [baseLabel, candLabel]);
  if (perTask !== null) {
    out.push('', perTask.lead, '', `| ${perTask.header.join(' | ')} |`);
    out.push(`| ${perTask.header.map(() => '---').join(' | ')} |`);
    for (const row of perTask.rows) out.push(`| ${row.join(' | ')} |`);
  }
  const groups = [...new Set(report.rows.map((r) => r.group))];
  for (const group of groups) {
    out.push('', `## ${GROUP_TITLES[group] ?? group}`, '');
    out.push(
      `| metric | | ${baseLabel} | ${candLabel} | Δ ${candLabel} − ${baseLabel} | pairs | p |`,
      '| --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const row of report.rows.filter((r) => r.group === group)) out.push(...metricLines(row));
    const note = group === 'efficiency' ? noCallNote(report, baseLabel, candLabel) : null;
    if (note !== null) out.push('', note);
  }
  const { estimated_usd: est, quoted_usd: quoted, prices } = report.cost;
  out.push(
    '',
    '## Dollars',
    '',
    `${pricesText(prices)}: ${baseLabel} ${usd(est.baseline)}, ${candLabel} ${usd(est.candidate)}. Quoted by the endpoint: ${baseLabel} ${usd(quoted.baseline)}, ${candLabel} ${usd(quoted.candidate)}.`,
    '',
    `Rows: mean [95% bootstrap interval, 1000 resamples, seed 0] per arm; Δ over the tasks both arms defined; p one-sided in the row's direction (↓ lower is better, ↑ higher is better, · two-sided), α = ${report.alpha}. n/a: undefined, never 0.`,
    '',
  );
  return out.join('\n');
}

// A dollar figure, or n/a (never `$n/a`).
const usd = (value: number | null) => (value === null ? 'n/a' : `$${num(value, 4)}`);

// What the estimate was priced at, or which price it lacks (`--usd-per-1m-input`, `--usd-per-1m-output`).
function pricesText(prices: { input_per_1m: number | null; output_per_1m: number | null }): string {
  const missing = [
    ...(prices.input_per_1m === null ? ['--usd-per-1m-input'] : []),
    ...(prices.output_per_1m === null ? ['--usd-per-1m-output'] : []),
  ];
  if (missing.length > 0) return `Estimated on measured tokens: no price given (${missing.join(', ')})`;
  return `Estimated on measured tokens at $${num(prices.input_per_1m)}/1M input and $${num(prices.output_per_1m)}/1M output`;
}
