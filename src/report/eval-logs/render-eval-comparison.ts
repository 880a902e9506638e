import { formatPValue, formatNumber as num } from '../format-number.js';
import { deltaText } from '../paired/cell-text.js';
import type { EvalComparison, EvalMetricRow } from './compare-eval-logs.js';

const NAMED = 10;

function idsText(ids: readonly string[]): string {
  const shown = ids.slice(0, NAMED).map((id) => `\`${id}\``);
  return ids.length > NAMED ? `${shown.join(', ')} and ${ids.length - NAMED} more` : shown.join(', ');
}

function significant(row: EvalMetricRow, alpha: number): boolean {
  return row.adjusted !== null && row.adjusted < alpha;
}

/** The sentence a reader acts on: which metrics moved beyond noise, or that none did. */
export function evalVerdictLine(comparison: EvalComparison): string {
  const moved = comparison.rows.filter((row) => significant(row, comparison.alpha));
  if (comparison.paired === 0) return 'No sample is in both runs: nothing to compare.';
  if (moved.length === 0) {
    return `No metric differs beyond noise over ${comparison.paired} paired samples (Holm-adjusted p ≥ ${comparison.alpha} for every metric).`;
  }
  return `${moved
    .map(
      (row) =>
        `${row.metric} ${row.delta! > 0 ? 'rose' : 'fell'} ${deltaText({ delta: row.delta, delta_low: row.low, delta_high: row.high })} (p Holm = ${num(row.adjusted, 4)})`,
    )
    .join('; ')}.`;
}

/**
 * Markdown of a comparison of two other-tool runs: what each run was, the verdict line, the pairs
 * and the samples left out by id, then per metric both means, the paired delta with its interval,
 * the test and its raw and Holm-adjusted two-sided p, and the minimum detectable effect.
 *
 * @example
 * process.stdout.write(renderEvalComparison(compareEvalRuns(a, b)));
 */
export function renderEvalComparison(comparison: EvalComparison): string {
  const { a, b } = comparison;
  const repeats = (side: EvalComparison['a']) =>
    side.repeats > 1 ? `, up to ${side.repeats} repeats each (folded to their mean)` : '';
  const lines = [
    `# ${comparison.format} runs compared: A → B`,
    '',
    `- **A** ${a.label}: \`${a.file}\`, ${a.samples} samples${repeats(a)}`,
    `- **B** ${b.label}: \`${b.file}\`, ${b.samples} samples${repeats(b)}`,
    '',
    `**${evalVerdictLine(comparison)}**`,
    '',
    `Paired by sample id: ${comparison.paired} pairs.`,
  ];
  if (comparison.onlyInA.length > 0)
    lines.push(`Only in A (not compared): ${comparison.onlyInA.length}: ${idsText(comparison.onlyInA)}.`);
  if (comparison.onlyInB.length > 0)
    lines.push(`Only in B (not compared): ${comparison.onlyInB.length}: ${idsText(comparison.onlyInB)}.`);
  lines.push(
    '',
    '| metric | pairs | A | B | Δ B − A [95% CI] | test | p | p Holm | MDE (80%) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...comparison.rows.map(
      (row) =>
        `| ${row.metric} | ${row.pairs} | ${num(row.a)} | ${num(row.b)} | ${deltaText({ delta: row.delta, delta_low: row.low, delta_high: row.high })} | ${row.pairs === 0 ? 'n/a' : row.test} | ${formatPValue(row.pvalue)} | ${formatPValue(row.adjusted)}${significant(row, comparison.alpha) ? ' *' : ''} | ${num(row.mde)} |`,
    ),
    '',
    `Two-sided tests at ${comparison.alpha}: Wilcoxon signed-rank on the paired differences, exact McNemar where every value is 0 or 1; Holm across the ${comparison.rows.length} metrics (* below ${comparison.alpha}). The interval is a 95% bootstrap of the mean difference; the MDE is the smallest true change these pairs would detect with 80% power, given the spread of their differences.`,
    '',
  );
  return lines.join('\n');
}
