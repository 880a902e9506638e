import { formatNumber as num, pValueText } from '../format-number.js';
import { deltaText } from '../paired/cell-text.js';
import type { Report } from '../paired/report-schema.js';
import { type GateStatus, gateRows, rowWorse } from './gate-status.js';

/** Text made safe inside an XML attribute or element (the five predefined entities; control characters dropped). */
export function xmlEscape(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these characters
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/**
 * The gate as JUnit XML (the common schema CI systems read): one `testsuite`, one `testcase` per
 * watched row (the primary, the guards, the watched rows). The primary or a guard significantly
 * worse is a `failure` (what makes the gate exit 5); a watched row worse passes with the finding in
 * its output, as the gate does; a row with no pairs is `skipped`; a run that stopped short or
 * without a verdict is one `error` case, so it never reads as a regression.
 *
 * @example
 * writeFileSync('runs/gate/junit.xml', renderJunit(report, 'pass'));
 */
export function renderJunit(report: Report, status: GateStatus): string {
  const cases: string[] = [];
  let failures = 0;
  let skipped = 0;
  let errors = 0;
  for (const { row, role } of gateRows(report)) {
    const name = xmlEscape(`${role}: ${row.key}`);
    const detail = `${row.key} ${num(row.baseline.mean)} → ${num(row.candidate.mean)}, Δ ${deltaText(row)}, ${pValueText(row.pvalue)} (${row.test}), ${row.pairs} pairs`;
    let body = '';
    if (row.pairs === 0) {
      skipped++;
      body = `<skipped message="${xmlEscape(`no pairs: ${row.key} is undefined on every task`)}"/>`;
    } else if (rowWorse(report, row.key) && role !== 'watched') {
      failures++;
      body = `<failure message="${xmlEscape(`${row.key} is significantly worse`)}" type="regression">${xmlEscape(detail)}</failure>`;
    } else {
      const watchedWorse = rowWorse(report, row.key)
        ? ' (significantly worse; watched: reported, not failed)'
        : '';
      body = `<system-out>${xmlEscape(detail + watchedWorse)}</system-out>`;
    }
    cases.push(`    <testcase classname="agent-track.gate" name="${name}">${body}</testcase>`);
  }
  if (status === 'incomplete' || status === 'too_few_pairs') {
    errors++;
    cases.push(
      `    <testcase classname="agent-track.gate" name="verdict"><error message="${xmlEscape(status === 'incomplete' ? 'the run stopped short' : 'too few pairs for a verdict')}" type="${status}">${xmlEscape(report.verdict.line)}</error></testcase>`,
    );
  }
  const tests = cases.length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="agent-track gate" tests="${tests}" failures="${failures}" errors="${errors}" skipped="${skipped}">`,
    `  <testsuite name="${xmlEscape(report.title)}" tests="${tests}" failures="${failures}" errors="${errors}" skipped="${skipped}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
