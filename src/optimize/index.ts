/**
 * The public surface of `agent-track/optimize`: campaigns (plan, spend, worktree arms, ledger) and
 * the before-after report. Named exports only; this file is the complete list.
 */

// --- Report ---
export { type ArmResults, type BuildReportOptions, buildReport } from './report/build-report.js';
export { GROUP_TITLES, num, renderReportMarkdown } from './report/render-markdown.js';
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

// --- Plots ---
export { type Figure, figuresFor } from './plots/figures.js';
export { FONT_CANDIDATES, FONT_HINT, findPlotFont, type PlotFont } from './plots/font.js';
export { forestSpec, type RowVerdict, rowVerdict } from './plots/forest.js';
export { incumbentSteps, objectiveSpec } from './plots/objective.js';
export {
  type ObjectivePoint,
  type ObjectiveTrace,
  objectivePointSchema,
  objectiveTraceSchema,
} from './plots/objective-schema.js';
export { outcomesSpec } from './plots/outcomes.js';
export { OKABE_ITO, OUTCOME_COLOURS, VERDICT_COLOURS } from './plots/palette.js';
export { type PlotRunOptions, plotRun, type WrittenFigure } from './plots/plot-run.js';
export { type PlotInput, readPlotInput } from './plots/read-plot-input.js';
export { type RenderedPng, renderPng } from './plots/render-png.js';
export { type RenderedSvg, renderSvg } from './plots/render-svg.js';
export { LATENCY_QUALITY, rungLatencySpec } from './plots/rung-latency.js';
export { rungScoresSpec } from './plots/rung-scores.js';
export { assertSameSplit, type SourcedRungRun } from './plots/same-split.js';
// --- end plots ---
