/**
 * The public surface of `agent-track/optimize`: the jobs (before-after, the track, the optimizer),
 * the campaign machinery they share (worktree arms, the rollout scheduler, ledger, queue, the one
 * spend ledger, the plan), and the optimizer's search parts a library user composes (candidates,
 * proposers, screening, held-out acceptance, free checks). Named exports only; this file is the
 * complete list.
 *
 * @example
 * import { beforeAfter } from 'agent-track/optimize';
 * const { plan } = await beforeAfter({ baseline: 'HEAD~1', candidate: 'HEAD', split: 'fixture-code/small_test', model: 'offline' });
 */

// --- The before-after job and its plan ---
export { type BeforeAfterOptions, type BeforeAfterResult, beforeAfter } from './before-after/before-after.js';
export { runDemo } from './before-after/demo.js';
export type { DetectSpec, Effect } from './before-after/detect.js';
export { buildPlan, type PlanInput, readPlan } from './before-after/plan.js';
export {
  type ArmPlan,
  type Assumption,
  type CorpusPlan,
  type Plan,
  planSchema,
} from './before-after/plan-schema.js';
export { renderPlan } from './before-after/plan-text.js';
export { type RunCampaignOptions, type RunCampaignResult, runCampaign } from './before-after/run-campaign.js';
export { writeBeforeAfterReport } from './before-after/write-report.js';
// --- The campaign machinery every job shares ---
export {
  type PrepareArmOptions,
  type PreparedArm,
  prepareArm,
  removeArm,
} from './campaign/arms/prepare-arm.js';
export { type CampaignPaths, campaignPaths } from './campaign/campaign-dir.js';
export { type Ledger, openLedger } from './campaign/ledger.js';
export { openQueue, type Queue } from './campaign/queue.js';
export { runWorker, type WorkerOptions } from './campaign/remote/worker.js';
export {
  type ArmTally,
  type RunArmsOptions,
  type RunArmsResult,
  type RunnableArm,
  runArms,
} from './campaign/run-arms.js';
export { incompleteRun, type RunEnd } from './campaign/run-end.js';
export {
  type LedgerLine,
  ledgerLineSchema,
  type QueueLine,
  type QueueStatus,
  queueLineSchema,
} from './campaign/schema.js';
export { PLAN_DEFAULTS } from './campaign/spend/assumptions.js';
export {
  openSpendLedger,
  type SpendBooking,
  type SpendKind,
  type SpendLedger,
  type SpendLine,
  spendLineSchema,
} from './campaign/spend/spend-ledger.js';
export { formatUsd, type ModelPrices, rolloutCost, tokensUsd } from './campaign/spend/usd.js';
export { type CompareOptions, type CompareResult, compareSystems } from './compare/compare.js';
export { type CompareConfig, compareConfigSchema, loadCompareConfig } from './compare/compare-config.js';
export { type GateOptions, type GateResult, gate } from './gate/gate.js';

// --- The optimizer and the search parts it is built from ---
export { type ConfirmOptions, confirmCandidate } from './optimizer/accept/acceptance.js';
export { type ConfirmationEntry, ConfirmationLog } from './optimizer/accept/confirmation-log.js';
export { type Candidate, makeCandidate } from './optimizer/candidate.js';
export type { CandidateRecord } from './optimizer/candidate-record.js';
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
export { type OptimizeOptions, optimize } from './optimizer/optimize.js';
export {
  enumerationProposer,
  type ProposalContext,
  type Proposer,
  scriptedProposer,
} from './optimizer/propose/proposer.js';
export type { OptimizationResult } from './optimizer/result.js';
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

// --- The track: an external agent CLI, bare vs with the product's MCP server ---
export { type PreflightCheck, type PreflightOptions, runPreflight } from './track/preflight.js';
export { runTrack, type TrackOptions, type TrackResult } from './track/run-track.js';
export { openTrackLedger, type TrackLedger } from './track/track-ledger.js';
export { buildTrackPlan, renderTrackPlan, type TrackPlan } from './track/track-plan.js';
export { type TrackReport, trackReportSchema } from './track/track-report-schema.js';
export { type TrackLedgerLine, trackLedgerLineSchema } from './track/track-schema.js';
// --- The pages `agent-track view` draws of a job's run ---
export { comparePage } from './view/compare-page.js';
export { optimizePage } from './view/optimize-page.js';
export { type JobView, trackPage } from './view/track-page.js';
