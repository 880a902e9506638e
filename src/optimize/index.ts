/**
 * The public surface of `agent-track/optimize`: campaigns (plan and spend, worktree arms, child
 * processes, ledger and queue, the rollout scheduler), the before-after report, plots, the
 * search (config, objective, acceptance, free checks, screening, proposers), and the track (an
 * external agent CLI bare vs with the product's MCP server, judged blind). Named exports only;
 * this file is the complete list.
 */

export type { JsonlLog } from '../core/index.js';

export type { PlanInput } from './before-after/plan.js';
export { buildPlan, readPlan, writePlan } from './before-after/plan.js';
export type { ArmPlan, Assumption, CorpusPlan, Plan } from './before-after/plan-schema.js';
export { planSchema } from './before-after/plan-schema.js';
export { renderPlan } from './before-after/plan-text.js';
export type { RunCampaignOptions, RunCampaignResult } from './before-after/run-campaign.js';
export { blockSecrets, runCampaign } from './before-after/run-campaign.js';
export type { SpendGate } from './before-after/spend-gate.js';
export { assertSpendAllowed, openCampaignSpend } from './before-after/spend-gate.js';
export { type ArmManifest, readArmManifest } from './campaign/arms/arm-manifest.js';
// --- Campaign ---
export type { ArmProcessOptions, ArmProcessResult } from './campaign/arms/arm-process.js';
export { exceptionFromStderr, runArmProcess } from './campaign/arms/arm-process.js';
export type { BlockCheckArm, BlockVerdict } from './campaign/arms/check-llm-block.js';
export { checkLlmBlock, refusedKey } from './campaign/arms/check-llm-block.js';
export type { CommitInfo } from './campaign/arms/commits.js';
export { resolveCommit } from './campaign/arms/commits.js';
export type { PrepareArmOptions, PreparedArm } from './campaign/arms/prepare-arm.js';
export { prepareArm, removeArm } from './campaign/arms/prepare-arm.js';
export { armPath, assertProductInWorktree, productEntry } from './campaign/arms/product-location.js';
export type { SetupArmOptions, SetupArmResult } from './campaign/arms/setup-arm.js';
export { setupArm, splitSetup } from './campaign/arms/setup-arm.js';
export { addWorktree, removeWorktree } from './campaign/arms/worktree.js';
export type { CampaignPaths } from './campaign/campaign-dir.js';
export { campaignPaths } from './campaign/campaign-dir.js';
export type { CampaignLog } from './campaign/campaign-log.js';
export { openCampaignLog } from './campaign/campaign-log.js';
export type { Ledger } from './campaign/ledger.js';
export { openLedger } from './campaign/ledger.js';
export type { Progress, ProgressState } from './campaign/progress.js';
export { createProgress, progressLine } from './campaign/progress.js';
export type { Queue } from './campaign/queue.js';
export { openQueue } from './campaign/queue.js';
export type { ArmRef } from './campaign/resume.js';
export { harnessFinished, reconcile, recordFinished } from './campaign/resume.js';
export type { ArmTally, RunArmsOptions, RunArmsResult, RunnableArm } from './campaign/run-arms.js';
export { runArms } from './campaign/run-arms.js';
export type { LedgerLine, QueueLine, QueueStatus } from './campaign/schema.js';
export {
  harnessLedgerLineSchema,
  ledgerLineSchema,
  queueLineSchema,
} from './campaign/schema.js';
export { PLAN_DEFAULTS } from './campaign/spend/assumptions.js';
export { formatUsd, type ModelPrices, rolloutCost, tokensUsd } from './campaign/spend/usd.js';
// --- end campaign ---

// --- Search ---
export { type ConfirmOptions, confirmCandidate } from './optimizer/accept/acceptance.js';
export { type ConfirmationState, confirmationAlpha } from './optimizer/accept/confirmation-alpha.js';
export {
  type ConfirmationEntry,
  ConfirmationLog,
  confirmationEntrySchema,
} from './optimizer/accept/confirmation-log.js';
export {
  ancestorsOf,
  artifactHash,
  type Candidate,
  canonicalJson,
  makeCandidate,
} from './optimizer/candidate.js';
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
} from './optimizer/config/config-schema.js';
export {
  type LoadedCampaign,
  loadCampaignConfig,
  parseCampaignConfig,
} from './optimizer/config/load-config.js';
export {
  createMemoryCache,
  type EvaluationCache,
  type EvaluationKey,
  openFileCache,
} from './optimizer/evaluate/evaluation-cache.js';
export {
  type MetricsRow,
  meanOverRepeats,
  objectiveKind,
  objectiveOf,
  objectiveOfMetrics,
  objectiveTerms,
} from './optimizer/evaluate/objective.js';
export {
  type ArchitecturePoint,
  architecturePoints,
  architectureProposer,
  gridPoints,
} from './optimizer/propose/architecture-grid.js';
export {
  type OverlayVariation,
  overlayProposer,
  overlayVariations,
} from './optimizer/propose/overlay-variations.js';
export {
  enumerationProposer,
  type ProposalContext,
  type Proposer,
  scriptedProposer,
} from './optimizer/propose/proposer.js';
export type { FreeCheckResult } from './optimizer/screen/free-checks/check-result.js';
export {
  checkCopiedTaskText,
  type TaskText,
  wordNgrams,
} from './optimizer/screen/free-checks/copied-text-check.js';
export {
  checkDescriptionLint,
  type LintElement,
  lintToolDoc,
} from './optimizer/screen/free-checks/description-lint.js';
export { checkLength } from './optimizer/screen/free-checks/length-check.js';
export { parseToolDocsText, type ToolDocEntry } from './optimizer/screen/free-checks/tool-docs-text.js';
export { checkToolSchema } from './optimizer/screen/free-checks/tool-schema-check.js';
export { type FreeCheckVerdict, runFreeChecks } from './optimizer/screen/free-checks.js';
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
} from './optimizer/screen/screening.js';

// --- end search ---

export {
  openSpendLedger,
  type SpendLedger,
  type SpendLine,
  spendLineSchema,
} from './campaign/spend/spend-ledger.js';
export { type CalledModel, type CampaignModels, openCampaignModels } from './optimizer/campaign-models.js';
export {
  type CampaignFingerprint,
  campaignFingerprint,
  claimRunDir,
  FINGERPRINT_FILE,
} from './optimizer/config/fingerprint.js';
// --- Loop ---
export {
  type CampaignSlices,
  campaignSlices,
  defaultProposer,
  incumbentOf,
} from './optimizer/config/inputs.js';
export {
  type CandidateSetup,
  campaignProduct,
  candidateSetup,
} from './optimizer/evaluate/candidate-setup.js';
export {
  type HarnessEvaluatorOptions,
  harnessEvaluator,
  type JudgeRequest,
  rolloutDir,
} from './optimizer/evaluate/harness-evaluator.js';
export { type JudgmentLine, judgmentLineSchema, loopJudge } from './optimizer/evaluate/loop-judge.js';
export { type CampaignMoney, campaignMoney } from './optimizer/money/campaign-money.js';
export {
  CALL_TOKENS,
  type CallKind,
  type CampaignPrices,
  type CostEstimate,
  callUsd,
  campaignPrices,
  createEstimate,
  estimateText,
  rolloutTokens,
} from './optimizer/money/estimate.js';
export { type BudgetCheck, planCheck } from './optimizer/money/plan-check.js';
export { OBJECTIVE_TRACE_FILE, objectiveTrace } from './optimizer/objective-trace.js';
export { type OptimizeOptions, optimize } from './optimizer/optimize.js';
export { loggedProposer, proposalLineSchema } from './optimizer/propose/proposal-log.js';
export {
  type ReflectiveProposerOptions,
  reflectiveProposer,
} from './optimizer/propose/reflective-proposer.js';
export { describeRun, incumbentEvidence, WORST_RUNS, worstRuns } from './optimizer/propose/worst-runs.js';
export {
  assembleResult,
  type CandidateRecord,
  candidateCost,
  type OptimizationResult,
  renderResultMarkdown,
  spendByKind,
  unifiedDiff,
  writeResultFiles,
} from './optimizer/result.js';
export { type RoundsContext, type RoundsOutcome, runRounds } from './optimizer/run-rounds.js';
export {
  type FreeRungMetric,
  type FreeRungOptions,
  type FreeRungScreen,
  freeRungScreen,
} from './optimizer/screen/free-rung.js';
// --- end loop ---

// --- Before-after ---
export { descriptionTokens } from './before-after/arm-probe.js';
export { readArmResults } from './before-after/arm-results.js';
export { type BeforeAfterOptions, type BeforeAfterResult, beforeAfter } from './before-after/before-after.js';
export { runDemo } from './before-after/demo.js';
export { makeDemoProduct } from './before-after/demo-product.js';
export { startOfflineModel } from './before-after/offline-model.js';
export { surveyCorpora } from './before-after/survey-corpora.js';
export { writeBeforeAfterReport } from './before-after/write-report.js';

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
