/**
 * The public surface of `agent-track/optimize`: campaigns (plan and spend, worktree arms, child
 * processes, ledger and queue, the rollout scheduler) and the before-after report. Named exports
 * only; this file is the complete list.
 */

// --- Campaign ---
export type { ArmProcessOptions, ArmProcessResult } from './campaign/arm-process.js';
export { exceptionFromStderr, runArmProcess } from './campaign/arm-process.js';
export type { CampaignPaths } from './campaign/campaign-dir.js';
export { campaignPaths } from './campaign/campaign-dir.js';
export type { CampaignLog } from './campaign/campaign-log.js';
export { openCampaignLog } from './campaign/campaign-log.js';
export type { BlockCheckArm, BlockVerdict } from './campaign/check-llm-block.js';
export { checkLlmBlock, refusedKey } from './campaign/check-llm-block.js';
export type { CommitInfo } from './campaign/commits.js';
export { resolveCommit } from './campaign/commits.js';
export type { JsonlLog } from './campaign/jsonl-log.js';
export { appendJsonlLine, readJsonlLog, repairTornTail } from './campaign/jsonl-log.js';
export type { Ledger } from './campaign/ledger.js';
export { openLedger } from './campaign/ledger.js';
export type { PlanInput } from './campaign/plan.js';
export { buildPlan, PLAN_DEFAULTS, readPlan, writePlan } from './campaign/plan.js';
export type { ArmPlan, Assumption, CorpusPlan, Plan } from './campaign/plan-schema.js';
export { planSchema } from './campaign/plan-schema.js';
export { formatUsd, renderPlan } from './campaign/plan-text.js';
export type { PrepareArmOptions, PreparedArm } from './campaign/prepare-arm.js';
export { prepareArm, removeArm } from './campaign/prepare-arm.js';
export { armPath, assertProductInWorktree, productEntry } from './campaign/product-location.js';
export type { ProductManifest } from './campaign/product-manifest.js';
export { PRODUCT_MANIFEST, productManifestSchema, readProductManifest } from './campaign/product-manifest.js';
export type { Progress, ProgressState } from './campaign/progress.js';
export { createProgress, progressLine } from './campaign/progress.js';
export type { Queue } from './campaign/queue.js';
export { openQueue } from './campaign/queue.js';
export type { ArmRef } from './campaign/resume.js';
export { harnessFinished, reconcile, recordFinished } from './campaign/resume.js';
export type { ArmTally, RunArmsOptions, RunArmsResult, RunnableArm } from './campaign/run-arms.js';
export { runArms } from './campaign/run-arms.js';
export type { RunCampaignOptions, RunCampaignResult } from './campaign/run-campaign.js';
export { blockSecrets, runCampaign } from './campaign/run-campaign.js';
export type { LedgerLine, QueueLine, QueueStatus, RolloutException } from './campaign/schema.js';
export {
  harnessLedgerLineSchema,
  ledgerLineSchema,
  queueLineSchema,
} from './campaign/schema.js';
export type { SetupArmOptions, SetupArmResult } from './campaign/setup-arm.js';
export { setupArm, splitSetup } from './campaign/setup-arm.js';
export type { SpendBook, SpendBooking, SpendGate } from './campaign/spend.js';
export { assertSpendAllowed, createSpendBook, openCampaignSpend } from './campaign/spend.js';
export { addWorktree, removeWorktree } from './campaign/worktree.js';
// --- end campaign ---

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
