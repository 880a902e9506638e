/**
 * The public surface of `agent-track/optimize`: campaigns (plan, spend, worktree arms, ledger) and
 * the before-after report. Named exports only; this file is the complete list.
 */

// --- Report ---
export { type ArmResults, type BuildReportOptions, buildReport } from './report/build-report.js';
export { num, renderReportMarkdown } from './report/render-markdown.js';
export {
  type ArmCell,
  type ArmInfo,
  type Report,
  type ReportRow,
  reportRowSchema,
  reportSchema,
} from './report/report-schema.js';
export { verdictOf } from './report/verdict.js';
// --- end report ---
