import { formatNumber as num, pValueText } from '../format-number.js';
import { deltaText } from '../paired/cell-text.js';
import type { Report } from '../paired/report-schema.js';
import { type GateStatus, gateRows, reportRule, rowMde, rowWorse } from './gate-status.js';

const HEADS: Record<GateStatus, string> = {
  pass: '✅ pass',
  regression: '❌ regression',
  incomplete: '⏸️ incomplete (not a regression: the run stopped short; rerun to resume)',
  too_few_pairs: '❔ no verdict: too few pairs',
};

export interface GateCommentInput {
  report: Report;
  status: GateStatus;
  /** The split the gate ran, e.g. `fixture-code/small_test`. */
  split: string;
  /** Baseline rollouts taken from the cache of an earlier gate on the same base (0 when none). */
  reused: number;
  /** Where the HTML report is: a URL (a CI artifact) or a path relative to the comment. */
  reportHref: string;
}

const short = (commit: string | undefined) => (commit === undefined ? 'n/a' : commit.slice(0, 12));
const usd = (value: number | null) => (value === null ? 'n/a' : `$${value.toFixed(4)}`);

/**
 * The gate's Markdown for a pull-request comment and `$GITHUB_STEP_SUMMARY`: the status, the
 * verdict line, what ran and what it cost, the primary row's minimum detectable effect, the rows
 * that moved (better at p < alpha, or significantly worse), and a link to the HTML report.
 *
 * @example
 * writeFileSync('runs/gate/comment.md', renderGateComment({ report, status: 'pass', split, reused: 0, reportHref: 'report.html' }));
 */
export function renderGateComment(input: GateCommentInput): string {
  const { report, status } = input;
  const [base, head] = report.arms;
  const lines = [`## agent-track gate: ${HEADS[status]}`, ''];
  if (report.offline) {
    lines.push(
      '> Model: the **offline policy**, a deterministic stand-in for a model. These numbers exercise the pipeline; they say nothing about a real model.',
      '',
    );
  }
  lines.push(`**${report.verdict.line}**`, '');
  const reused =
    input.reused > 0 ? ` (${input.reused} baseline rollouts reused from an earlier gate on this base)` : '';
  lines.push(
    `- Base \`${short(base?.commit)}\` → head \`${short(head?.commit)}\` on \`${input.split}\`, ${base?.tasks ?? 0} tasks, model \`${report.model}\``,
    `- Cost (estimated from tokens): base ${usd(report.cost.estimated_usd.baseline)}, head ${usd(report.cost.estimated_usd.candidate)}${reused}`,
  );
  const primary = reportRule(report).primary.key;
  lines.push(
    `- Minimum detectable effect on ${primary} (80% power, one-sided α = ${report.alpha}, from these pairs' spread): ${num(rowMde(report, primary))}`,
    '',
  );
  const moved = gateRows(report).filter(
    ({ row }) => rowWorse(report, row.key) || (row.pvalue !== null && row.pvalue < report.alpha),
  );
  if (moved.length === 0) {
    lines.push(`No watched row moved at p < ${report.alpha}.`, '');
  } else {
    lines.push('| row | role | base | head | Δ [95% CI] | moved |', '| --- | --- | --- | --- | --- | --- |');
    for (const { row, role } of moved) {
      // A worse row's own p (that it is worse) is in the verdict line; a watched one never fails the gate.
      const how = rowWorse(report, row.key)
        ? role === 'watched'
          ? '⚠️ worse (watched: reported, not failed)'
          : '❌ worse'
        : `✅ better (${pValueText(row.pvalue)})`;
      lines.push(
        `| ${row.key} | ${role} | ${num(row.baseline.mean)} | ${num(row.candidate.mean)} | ${deltaText(row)} | ${how} |`,
      );
    }
    lines.push('');
  }
  lines.push(`[The full report](${input.reportHref}) · ${report.verdict.rule ?? ''}`.trimEnd(), '');
  return lines.join('\n');
}
