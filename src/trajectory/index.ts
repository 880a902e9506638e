/**
 * The public surface of `agent-track/trajectory`: the recorded-run format and every trajectory
 * metric. Named exports only; this file is the complete list.
 */

// --- Trajectory metrics (src/trajectory/metrics/), one concept per file ---
export { attributedEvidenceCalls, type PatchLines, patchLines } from './metrics/attributed-evidence.js';
export { batchVsFanoutRatio } from './metrics/batch-ratio.js';
export type { ChargedCalls } from './metrics/calls.js';
export { type ComputeMetricsOptions, computeMetrics, type TrajectoryMetrics } from './metrics/compute.js';
export { FAN_OUT_MIN_CALLS, fanOutWhereBatch } from './metrics/fan-out.js';
export { type GoldReach, goldReach } from './metrics/gold-reach.js';
export { type NeedlessCalls, needlessCalls } from './metrics/needless.js';
export { type OutcomeTurns, outcomeTurns } from './metrics/outcome-turns.js';
export { parallelCallsPerTurn } from './metrics/parallel.js';
export { type Pointer, parsePointers } from './metrics/pointer-parse.js';
export { type PointerFollowing, pointerFollowing } from './metrics/pointers.js';
export { resurfacing } from './metrics/resurfacing.js';
export { QUERY_ARGUMENTS, searchQuery } from './metrics/search-query.js';
export {
  SEARCH_KS,
  type SearchCallScores,
  type SearchRetrieval,
  searchRetrieval,
} from './metrics/search-retrieval.js';
export {
  type ToolCallsUsed,
  type ToolCallsUsedDefinition,
  toolCallsUsed,
} from './metrics/tool-calls-used.js';
export { isDottedPath, toolMismatch } from './metrics/tool-mismatch.js';
export { REFERENCE_TOOL_ROLES, type ToolRoles } from './metrics/tool-roles.js';
export { type ToolUsage, toolUsage } from './metrics/tool-usage.js';
export { type UsageTotals, usageTotals } from './metrics/usage.js';
export { zeroYield } from './metrics/zero-yield.js';
// --- end trajectory metrics ---
