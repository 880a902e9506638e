/**
 * The public surface of `agent-track/trajectory`: the recorded-run format (schemas and types), the
 * blob store, the Recorder, the reader, tool roles, the transcript importers and every trajectory
 * metric. Named exports only; this file is the complete list.
 */

// --- Trajectory format (schemas, store, Recorder, reader, tool roles, importers) ---

export {
  type ExportedOtlp,
  type ExportOtlpOptions,
  exportOtlp,
  type OtlpDestination,
} from './exporters/otel/export-otlp.js';
export { BLOBS_DIR, TRAJECTORY_FILES } from './files.js';
export { claudeCodeYield } from './importers/claude-code/identifiers.js';
export type { ClaudeCodeImportOptions } from './importers/claude-code/import-claude-code.js';
export { convertClaudeCode, importClaudeCode } from './importers/claude-code/import-claude-code.js';
export { DEFAULT_ERROR_RULE, failsByRule } from './importers/error-rule.js';
export {
  detectTranscriptFormat,
  importTranscript,
  TRANSCRIPT_FORMATS,
  type TranscriptFormat,
} from './importers/import-transcript.js';
export type {
  CallExtractor,
  CallYield,
  ImportedRun,
  ImportedTrajectory,
  WriteImportOptions,
} from './importers/imported-run.js';
export { importedTaskDir, writeImportedRun } from './importers/imported-run.js';
export type { OpenAiImportOptions } from './importers/openai/import-openai.js';
export { convertOpenAi, importOpenAi } from './importers/openai/import-openai.js';
export type { OtelImportOptions } from './importers/otel/import-otel.js';
export { convertOtel, importOtel } from './importers/otel/import-otel.js';
export {
  type ParsedTranscript,
  parseTranscript,
  type TranscriptRecord,
} from './importers/parse-transcript.js';
export { dirTaskId } from './reader/dir-task-id.js';
export type { ReadOutcome } from './reader/list-trajectories.js';
export { listTrajectories, readTrajectories } from './reader/list-trajectories.js';
export type { ReadTrajectoryOptions } from './reader/read-trajectory.js';
export { readTrajectory } from './reader/read-trajectory.js';
export type { TrajectoryErrorCode } from './reader/trajectory-error.js';
export { TRAJECTORY_ERROR_CODES } from './reader/trajectory-error.js';
export type { MessageInput, RecorderOptions, ResultInput, ToolCallInput } from './recorder.js';
export { Recorder } from './recorder.js';
export type { ModelMessage, Outcome, ResultRow, ToolEvent, TrajectoryResult, Usage } from './schema.js';
export {
  modelMessageSchema,
  OUTCOMES,
  outcomeSchema,
  toolEventSchema,
  trajectoryResultSchema,
} from './schema.js';
export { writeFileAtomic, writeJsonAtomic } from './store/atomic-write.js';
export type { StoredBlob } from './store/blob-store.js';
export { BlobStore } from './store/blob-store.js';
export type { LineHit } from './tools/identifiers.js';
export { inCorpus, lineHit, numberedRange } from './tools/identifiers.js';
export type { HttpServe, ProductArtifacts, ProductManifest } from './tools/product-manifest.js';
export {
  PRODUCT_MANIFEST_FILE,
  productManifestSchema,
  validateProductManifest,
} from './tools/product-manifest.js';
export { pathsIn, resultLines } from './tools/result-paths.js';
export type { ToolsConfig } from './tools/schema.js';
export { toolsConfigSchema } from './tools/schema.js';
export type { TextExtractor } from './tools/text-identifiers.js';
export { filePathExtractor } from './tools/text-identifiers.js';
export type { ToolRoleProfile, ToolRoles } from './tools/tool-roles.js';
export {
  CLAUDE_CODE_TOOL_ROLES,
  GENERIC_TOOL_ROLES,
  loadToolRoles,
  REFERENCE_TOOL_ROLES,
  resolveToolRoles,
  TOOL_ROLE_PROFILES,
} from './tools/tool-roles.js';
export { transcriptExtractor } from './tools/transcript-extractor.js';
export type { Trajectory } from './trajectory.js';
// --- end trajectory format ---

// --- Trajectory metrics (src/trajectory/metrics/), one concept per file ---
export { batchVsFanoutRatio } from './metrics/batch-ratio.js';
export { METRIC_COLUMNS, type MetricColumn, metricsRow } from './metrics/columns.js';
export { type ComputeMetricsOptions, computeMetrics, type TrajectoryMetrics } from './metrics/compute.js';
export { failedCalls } from './metrics/failed.js';
export { fanOutWhereBatch } from './metrics/fan-out.js';
export { goldCalls } from './metrics/gold-calls.js';
export { type GoldReach, goldReach } from './metrics/gold-reach.js';
export {
  NEEDLESS_COMPONENTS,
  type NeedlessCalls,
  type NeedlessComponent,
  needlessCalls,
} from './metrics/needless.js';
export { type OutcomeTurns, outcomeTurns } from './metrics/outcome-turns.js';
export { parallelCallsPerTurn } from './metrics/parallel.js';
export { type Pointer, parsePointers } from './metrics/pointer-parse.js';
export { type PointerFollowing, pointerFollowing } from './metrics/pointers.js';
export { repeatedCalls } from './metrics/repeated.js';
export { resurfacing } from './metrics/resurfacing.js';
export { type SearchCallScores, type SearchRetrieval, searchRetrieval } from './metrics/search-retrieval.js';
export {
  type ToolCallsUsed,
  type ToolCallsUsedDefinition,
  toolCallsUsed,
} from './metrics/tool-calls-used.js';
export { toolMismatch } from './metrics/tool-mismatch.js';
export { type ToolUsage, toolUsage } from './metrics/tool-usage.js';
export { type UsageTotals, usageTotals } from './metrics/usage.js';
export { zeroYield } from './metrics/zero-yield.js';
export { type AggregateRow, MetricsAggregate } from './score/aggregate.js';
export { type ScoredTrajectory, type ScorePathOptions, scorePath } from './score/score-path.js';
// --- end trajectory metrics ---
