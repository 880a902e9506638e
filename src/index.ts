/**
 * The public surface of `agent-track`: the handful of functions most users start with. Named
 * exports only, no wildcards; every layer also has its own entry with its complete list
 * (`agent-track/stats`, `/retrieval`, `/trajectory`, `/agent`, `/optimize`).
 *
 * @example
 * import { computeMetrics, readTrajectory, pairedComparison } from 'agent-track';
 */
export { AgentTrackError, invalidOption } from './core/errors.js';
export { EXIT_CODES, IncompleteRun } from './core/exit-status.js';
export { buildReport, compareArms, renderReportMarkdown } from './report/index.js';
export { isRelevant, loadSplit, scoreRanking } from './retrieval/index.js';
export {
  bootstrapCI,
  mcnemarExact,
  pairedComparison,
  stratifiedSplit,
  wilcoxonSignedRank,
} from './stats/index.js';
export { computeMetrics, importTranscript, Recorder, readTrajectory, scorePath } from './trajectory/index.js';
