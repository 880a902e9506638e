/**
 * The public surface of `agent-track/optimize`: campaigns (plan and spend, worktree arms, child
 * processes, ledger and queue, the rollout scheduler), the before-after report, plots, the
 * search (config, objective, acceptance, free checks, screening, proposers), and the track (an
 * external agent CLI bare vs with the product's MCP server, judged blind). Named exports only;
 * this file is the complete list.
 */

export type { PlanInput } from './before-after/plan.js';
export { buildPlan, readPlan } from './before-after/plan.js';
export type { ArmPlan, Assumption, CorpusPlan, Plan } from './before-after/plan-schema.js';
export { planSchema } from './before-after/plan-schema.js';
export { renderPlan } from './before-after/plan-text.js';
export type { RunCampaignOptions, RunCampaignResult } from './before-after/run-campaign.js';
export { runCampaign } from './before-after/run-campaign.js';
// --- Campaign ---
export type { PrepareArmOptions, PreparedArm } from './campaign/arms/prepare-arm.js';
export { prepareArm, removeArm } from './campaign/arms/prepare-arm.js';
export type { CampaignPaths } from './campaign/campaign-dir.js';
export { campaignPaths } from './campaign/campaign-dir.js';
export type { Ledger } from './campaign/ledger.js';
export { openLedger } from './campaign/ledger.js';
export type { Queue } from './campaign/queue.js';
export { openQueue } from './campaign/queue.js';
export type { ArmTally, RunArmsOptions, RunArmsResult, RunnableArm } from './campaign/run-arms.js';
export { runArms } from './campaign/run-arms.js';
export type { LedgerLine, QueueLine, QueueStatus } from './campaign/schema.js';
export { ledgerLineSchema, queueLineSchema } from './campaign/schema.js';
export { PLAN_DEFAULTS } from './campaign/spend/assumptions.js';
export { formatUsd, type ModelPrices, rolloutCost, tokensUsd } from './campaign/spend/usd.js';
// --- end campaign ---

// --- Search ---
export { type ConfirmOptions, confirmCandidate } from './optimizer/accept/acceptance.js';
export { type ConfirmationEntry, ConfirmationLog } from './optimizer/accept/confirmation-log.js';
export { type Candidate, makeCandidate } from './optimizer/candidate.js';
export {
  AXES,
  type Axis,
  type CampaignConfig,
  campaignConfigSchema,
  type ObjectiveConfig,
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
export { objectiveKind, objectiveOf } from './optimizer/evaluate/objective.js';
export {
  enumerationProposer,
  type ProposalContext,
  type Proposer,
  scriptedProposer,
} from './optimizer/propose/proposer.js';
export { type FreeCheckVerdict, runFreeChecks } from './optimizer/screen/free-checks.js';
export {
  type Evaluated,
  type EvaluateOptions,
  type Evaluator,
  evaluateCandidate,
  type ScreeningResult,
  type ScreenOptions,
  screenCandidates,
  screeningWinner,
} from './optimizer/screen/screening.js';

// --- end search ---

export {
  openSpendLedger,
  type SpendBooking,
  type SpendKind,
  type SpendLedger,
  type SpendLine,
  spendLineSchema,
} from './campaign/spend/spend-ledger.js';
// --- Loop ---
export { type OptimizeOptions, optimize } from './optimizer/optimize.js';
export type { CandidateRecord, OptimizationResult } from './optimizer/result.js';
// --- end loop ---

// --- Before-after ---
export { type BeforeAfterOptions, type BeforeAfterResult, beforeAfter } from './before-after/before-after.js';
export { runDemo } from './before-after/demo.js';
export { writeBeforeAfterReport } from './before-after/write-report.js';

// --- end before-after ---

// --- Track ---
export { type PreflightCheck, type PreflightOptions, runPreflight } from './track/preflight.js';
export { runTrack, type TrackOptions, type TrackResult } from './track/run-track.js';
export { openTrackLedger, type TrackLedger } from './track/track-ledger.js';
export { buildTrackPlan, renderTrackPlan, type TrackPlan } from './track/track-plan.js';
export { type TrackReport, trackReportSchema } from './track/track-report-schema.js';
export { type TrackLedgerLine, trackLedgerLineSchema } from './track/track-schema.js';
// --- end track ---
