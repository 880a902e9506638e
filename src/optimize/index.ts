/**
 * The public surface of `agent-track/optimize`: campaigns (plan, spend, worktree arms, ledger), the
 * before-after report, and the search (config, objective, acceptance, free checks, screening,
 * proposers). Named exports only; this file is the complete list.
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
  screeningWinner,
} from './search/screening.js';
// --- end search ---
