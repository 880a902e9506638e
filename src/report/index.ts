/**
 * The public surface of `agent-track/report`: the paired report of two arms (rows, verdict,
 * markdown), `compareArms` over two arms' trajectory directories, the run log, and the HTML
 * viewer. Light: drawing loads vega and resvg only when a figure is drawn (`agent-track/plots`).
 * Named exports only; this file is the complete list.
 *
 * @example
 * import { buildReport, renderReportMarkdown } from 'agent-track/report';
 */
export {
  type BuildCompareOptions,
  buildCompareReport,
  COMPARE_ROW_KEYS,
  type SystemResults,
} from './compare/build-compare.js';
export { flatCompareMetrics } from './compare/compare-metrics.js';
export {
  type CompareLooks,
  type CompareMargin,
  type CompareReport,
  type CompareRow,
  type CompareSystem,
  compareReportSchema,
} from './compare/compare-schema.js';
export { compareCellsNote, compareTable, renderCompareMarkdown } from './compare/render-compare.js';
export {
  compareEvalLogs,
  compareEvalRuns,
  EVAL_COMPARE_ALPHA,
  type EvalComparison,
  type EvalMetricRow,
  type EvalRunSide,
} from './eval-logs/compare-eval-logs.js';
export { EVAL_LOG_FORMATS, type EvalLogFormat, type EvalRun, type EvalSample } from './eval-logs/eval-log.js';
export { detectEvalLogFormat, type ReadEvalLogOptions, readEvalLog } from './eval-logs/read-eval-log.js';
export { evalVerdictLine, renderEvalComparison } from './eval-logs/render-eval-comparison.js';
export { formatNumber, formatPValue, formatUsd, formatZ, pValueText } from './format-number.js';
export { type GateCommentInput, renderGateComment } from './gate/gate-comment.js';
export { type GateStatus, gateStatus } from './gate/gate-status.js';
export { renderJunit } from './gate/junit.js';
export {
  type ObjectivePoint,
  type ObjectiveTrace,
  objectiveTraceSchema,
} from './objective-schema.js';
export { type ArmResults, type BuildReportOptions, buildReport, reportRow } from './paired/build-report.js';
export { armCellText } from './paired/cell-text.js';
export { clusteringOf } from './paired/clustering.js';
export { type ArmComparison, type CompareArmsOptions, compareArms } from './paired/compare-arms.js';
export {
  DEFAULT_DECISION_RULE,
  type DecisionRule,
  decisionRule,
  decisionRuleSchema,
  decisionRuleText,
  minimumPairs,
  RULE_METRICS,
  recordedRule,
  ruleRow,
} from './paired/decision-rule.js';
export { marginsSchema, marginVerdicts, parseMargin, REPORT_ROW_KEYS } from './paired/margins.js';
export { flatMetrics } from './paired/metrics-file.js';
export { type ArmMetrics, readArmMetrics } from './paired/read-arm.js';
export { type RenderReportOptions, renderReportMarkdown } from './paired/render-markdown.js';
export type { RepeatPlan } from './paired/repeats.js';
export {
  type ArmCell,
  type ArmInfo,
  type LooksSummary,
  type Report,
  type ReportRow,
  type ReportVerdict,
  reportRowSchema,
  reportSchema,
} from './paired/report-schema.js';
export { verdictOf } from './paired/verdict.js';
export {
  compareRunRecords,
  type RunComparison,
  type RunComparisonRow,
  sameRunArms,
} from './run-log/compare-records.js';
export { findRunRecord } from './run-log/find-record.js';
export { pairedRecordDeltas } from './run-log/pair-records.js';
export { reportRunRecords, rungRunRecords, systemRunRecords } from './run-log/records-from.js';
export { type IndexedRun, indexRuns, runIndexPage } from './run-log/run-index.js';
export { appendRunRecord, defaultRunLog, readRunLog } from './run-log/run-log.js';
export {
  type RunMetric,
  type RunRecord,
  type RunRecordInput,
  runRecordSchema,
} from './run-log/run-record-schema.js';
export { runKey, supersededBy } from './run-log/superseded.js';
export type {
  DataPage,
  PageCell,
  PageItem,
  PageSection,
  PageTable,
} from './viewer/data-page.js';
export { findRun, type RunKind } from './viewer/find-run.js';
export { writeDataPage } from './viewer/write-data-page.js';
export {
  type WriteRungViewerOptions,
  type WrittenPage,
  writeRungViewer,
} from './viewer/write-rung-viewer.js';
export { type WriteViewerOptions, type WrittenViewer, writeViewer } from './viewer/write-viewer.js';
