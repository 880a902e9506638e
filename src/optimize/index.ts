/**
 * The public surface of `agent-track/optimize`: campaigns (plan and spend, worktree arms, child
 * processes, ledger and queue, the rollout scheduler), the before-after report, plots, the
 * search (config, objective, acceptance, free checks, screening, proposers), and the track (an
 * external agent CLI bare vs with the product's MCP server, judged blind). Named exports only;
 * this file is the complete list.
 */

export type { JsonlLog } from '../core/jsonl-log.js';
export { appendJsonlLine, readJsonlLog, repairTornTail } from '../core/jsonl-log.js';
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
export { type ArmManifest, readArmManifest } from './campaign/product-manifest.js';
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
export type { LedgerLine, QueueLine, QueueStatus } from './campaign/schema.js';
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

// --- Search ---
export { type ConfirmOptions, confirmCandidate } from './search/acceptance.js';
export {
  type ArchitectureGrid,
  AXES,
  type Axis,
  type CampaignConfig,
  campaignConfigSchema,
  type FreeChecksConfig,
  type ObjectiveConfig,
  type OverlaySpace,
  type ScreeningConfig,
  TEXT_AXES,
} from './search/campaign-schema.js';
export {
  ancestorsOf,
  artifactHash,
  type Candidate,
  canonicalJson,
  makeCandidate,
} from './search/candidate.js';
export { type ConfirmationState, confirmationAlpha } from './search/confirmation-alpha.js';
export {
  type ConfirmationEntry,
  ConfirmationLog,
  confirmationEntrySchema,
} from './search/confirmation-log.js';
export {
  createMemoryCache,
  type EvaluationCache,
  type EvaluationKey,
  openFileCache,
} from './search/evaluation-cache.js';
export type { FreeCheckResult } from './search/free-checks/check-result.js';
export { checkCopiedTaskText, type TaskText, wordNgrams } from './search/free-checks/copied-text-check.js';
export {
  checkDescriptionLint,
  type LintElement,
  lintToolDoc,
} from './search/free-checks/description-lint.js';
export { checkLength } from './search/free-checks/length-check.js';
export { parseToolDocsText, type ToolDocEntry } from './search/free-checks/tool-docs-text.js';
export { checkToolSchema } from './search/free-checks/tool-schema-check.js';
export { type FreeCheckVerdict, runFreeChecks } from './search/free-checks.js';
export { type LoadedCampaign, loadCampaignConfig, parseCampaignConfig } from './search/load-campaign.js';
export {
  type MetricsRow,
  meanOverRepeats,
  objectiveKind,
  objectiveOf,
  objectiveOfMetrics,
  objectiveTerms,
} from './search/objective.js';
export {
  type ArchitecturePoint,
  architecturePoints,
  architectureProposer,
  gridPoints,
} from './search/proposers/architecture-grid.js';
export {
  type OverlayVariation,
  overlayProposer,
  overlayVariations,
} from './search/proposers/overlay-variations.js';
export {
  enumerationProposer,
  type ProposalContext,
  type Proposer,
  scriptedProposer,
} from './search/proposers/proposer.js';
export {
  type Evaluated,
  type EvaluateOptions,
  type Evaluator,
  evaluateCandidate,
  meanPairedDelta,
  meanScore,
  type Rung,
  type ScreeningResult,
  type ScreenOptions,
  screenCandidates,
  screeningRollouts,
  screeningWinner,
} from './search/screening.js';
// --- end search ---

export {
  type CampaignFingerprint,
  campaignFingerprint,
  claimRunDir,
  FINGERPRINT_FILE,
} from './loop/campaign-fingerprint.js';
// --- Loop ---
export { type CampaignSlices, campaignSlices, defaultProposer, incumbentOf } from './loop/campaign-inputs.js';
export { type CalledModel, type CampaignModels, openCampaignModels } from './loop/campaign-models.js';
export { type CampaignMoney, campaignMoney } from './loop/campaign-money.js';
export { type CandidateSetup, campaignProduct, candidateSetup } from './loop/candidate-setup.js';
export {
  CALL_TOKENS,
  type CallKind,
  type CampaignPrices,
  type CostEstimate,
  callUsd,
  campaignPrices,
  createEstimate,
  estimateText,
  type ModelPrices,
  rolloutTokens,
  tokensUsd,
} from './loop/estimate.js';
export {
  type FreeRungMetric,
  type FreeRungOptions,
  type FreeRungScreen,
  freeRungScreen,
} from './loop/free-rung.js';
export {
  type HarnessEvaluatorOptions,
  harnessEvaluator,
  type JudgeRequest,
  rolloutDir,
} from './loop/harness-evaluator.js';
export { type JudgmentLine, judgmentLineSchema, loopJudge } from './loop/loop-judge.js';
export { OBJECTIVE_TRACE_FILE, objectiveTrace } from './loop/objective-trace.js';
export { type OptimizeOptions, optimize } from './loop/optimize.js';
export { type BudgetCheck, planCheck } from './loop/plan-check.js';
export { loggedProposer, proposalLineSchema } from './loop/proposal-log.js';
export { type ReflectiveProposerOptions, reflectiveProposer } from './loop/reflective-proposer.js';
export {
  assembleResult,
  type CandidateRecord,
  candidateCost,
  type OptimizationResult,
  renderResultMarkdown,
  spendByKind,
  unifiedDiff,
  writeResultFiles,
} from './loop/result.js';
export { type RoundsContext, type RoundsOutcome, runRounds } from './loop/run-rounds.js';
export { openSpendLedger, type SpendLedger, type SpendLine, spendLineSchema } from './loop/spend-ledger.js';
export { describeRun, incumbentEvidence, WORST_RUNS, worstRuns } from './loop/worst-runs.js';
// --- end loop ---

// --- Before-after ---
export { descriptionTokens } from './before-after/arm-probe.js';
export { readArmResults } from './before-after/arm-results.js';
export { type BeforeAfterOptions, type BeforeAfterResult, beforeAfter } from './before-after/before-after.js';
export { runDemo } from './before-after/demo.js';
export { makeDemoProduct } from './before-after/demo-product.js';
export { startOfflineModel } from './before-after/offline-model.js';
export { surveyCorpora } from './before-after/survey-corpora.js';
export { campaignTasks, writeBeforeAfterReport } from './before-after/write-report.js';

// --- end before-after ---

// --- Track ---
export { agentFigures, filesRead } from './track/agent-figures.js';
export { PROBE_FIELDS, type PreflightCheck, type PreflightOptions, runPreflight } from './track/preflight.js';
export { type RolloutContext, type RolloutTarget, runRollout } from './track/run-rollout.js';
export { runTrack, type TrackOptions, type TrackResult } from './track/run-track.js';
export { openTrackLedger, type TrackLedger } from './track/track-ledger.js';
export { renderTrackMarkdown } from './track/track-markdown.js';
export { assertTrackSpend, buildTrackPlan, renderTrackPlan, type TrackPlan } from './track/track-plan.js';
export { AGENT_FIGURE_ROWS, buildTrackReport, type TrackReportInput } from './track/track-report.js';
export {
  type TrackReport,
  type TrackTaskRow,
  trackReportSchema,
  trackTaskRowSchema,
} from './track/track-report-schema.js';
export { writeTrackReport } from './track/track-results.js';
export { trackToolRoles } from './track/track-roles.js';
export {
  type AgentFigures,
  agentFiguresSchema,
  type DiscardLine,
  discardLineSchema,
  type JudgeLine,
  judgeLineSchema,
  type RolloutLine,
  rolloutLineSchema,
  TRACK_ARMS,
  type TrackArm,
  type TrackLedgerLine,
  trackArmSchema,
  trackLedgerLineSchema,
} from './track/track-schema.js';
export { openTrackProduct, type TrackProduct } from './track/track-setup.js';
export { runTrackTask, type TaskScope, type TrackStop } from './track/track-task.js';
// --- end track ---
