import { formatNumber as num } from '../format-number.js';
import type { Report } from './report-schema.js';

/** The repeats table as text cells, shared by `report.md` and the viewer. */
export interface RepeatTable {
  /** The sentence above the table. */
  lead: string;
  header: string[];
  rows: string[][];
}

/**
 * The repeat figures of a report with K > 1 repeats per task, `null` without: per row and arm
 * pass@K and pass^K (0/1 rows), how often the arm disagreed with itself (`flaky`, share of tasks)
 * and the mean within-task standard deviation (`spread`, continuous rows). n/a: undefined.
 *
 * @example
 * repeatTable(report)?.rows[0]; // ['answered', '1', '0.667', '0.333', 'n/a', '1', '1', '0', 'n/a']
 */
export function repeatTable(report: Report, labels: readonly [string, string]): RepeatTable | null {
  const repeats = report.repeats;
  if (repeats === undefined) return null;
  const k = repeats.k;
  const header = ['metric', ...labels.flatMap((l) => [`${l} pass@${k}`, `pass^${k}`, 'flaky', 'spread'])];
  const rows = repeats.rows.map((row) => [
    row.key,
    ...[row.baseline, row.candidate].flatMap((cell) => [
      num(cell.pass_at_k),
      num(cell.pass_hat_k),
      num(cell.flaky),
      num(cell.spread),
    ]),
  ]);
  const lead = `Each task ran ${k} times per arm; every row above takes per task the mean of its repeats (a 0/1 row the share of successes, tested by the Wilcoxon signed-rank test on the paired shares). pass@${k}: share of tasks some repeat passed; pass^${k}: every repeat passed; flaky: share of tasks whose repeats disagree; spread: pooled within-task standard deviation.`;
  return { lead, header, rows };
}

/**
 * The per-task repeats table (`report.repeats.by_task`), `null` without repeats: per task and arm
 * how many of its repeats passed each 0/1 row (`2/3`) and each continuous row's sd over them.
 *
 * @example
 * taskRepeatTable(report, ['baseline', 'candidate'])?.rows[0]; // ['go-01', '3/3', '2/3', '0.577', '0', ...]
 */
export function taskRepeatTable(report: Report, labels: readonly [string, string]): RepeatTable | null {
  const repeats = report.repeats;
  if (repeats === undefined || repeats.by_task.length === 0) return null;
  const first = repeats.by_task[0]!.baseline;
  const passed = Object.keys(first.passed);
  const spread = Object.keys(first.spread);
  const header = [
    'task',
    ...labels.flatMap((l) => [...passed.map((k) => `${l} ${k}`), ...spread.map((k) => `${k} sd`)]),
  ];
  const rows = repeats.by_task.map((t) => [
    t.task_id,
    ...[t.baseline, t.candidate].flatMap((cell) => [
      ...passed.map((k) => `${cell.passed[k] ?? 0}/${cell.runs}`),
      ...spread.map((k) => num(cell.spread[k] ?? null)),
    ]),
  ]);
  const lead = `Per task: of its ${repeats.k} repeats per arm, how many passed ${passed.join(' and ')}, and the standard deviation of ${spread.join(' and ')} over them (n/a under two defined repeats).`;
  return { lead, header, rows };
}
