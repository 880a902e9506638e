/**
 * The public surface of `agent-track/retrieval`: the measuring instrument. The task record, the one
 * relevance predicate and the ranked metrics built on it, datasets and splits, and the free rung's
 * result format. Pure: no native dependency. Named exports only; this file is the complete list.
 */

export { type LoadedSplit, loadSplit } from './datasets/load-split.js';
export { type DatasetDefinition, listDatasets, resolveDataset } from './datasets/registry.js';
export { requireClone } from './datasets/repo-source.js';
export { parseSplitName, SLICES, type Slice } from './datasets/slices.js';
export { compareRungs, type RungComparisonRow, type RungPairing, readRungRun } from './rung/compare.js';
export {
  RUNG_METRICS,
  RUNG_SUMMARY_METRICS,
  type RungOverlay,
  type RungRun,
  type RungTask,
  rungOverlaySchema,
  rungRunSchema,
} from './rung/rung-schema.js';
export { summarizeRung } from './rung/summarize.js';
export { distinctFiles } from './scoring/distinct-files.js';
export { goldKindOf } from './scoring/gold.js';
export { goldRanksOf } from './scoring/gold-ranks.js';
export { type JudgedList, judgeList } from './scoring/judge-list.js';
export { coverage } from './scoring/metrics/coverage.js';
export { mapAtK } from './scoring/metrics/map-at-k.js';
export { mrr, mrrOf } from './scoring/metrics/mrr.js';
export { ndcgAtK } from './scoring/metrics/ndcg-at-k.js';
export { passAt1Needle } from './scoring/metrics/pass-at-1-needle.js';
export { precisionAt1 } from './scoring/metrics/precision-at-1.js';
export { hitAtK, type RecallAtK, recallAtK, recallAtKOf } from './scoring/metrics/recall-at-k.js';
export { normalizePath } from './scoring/normalize-path.js';
export { type GoldMatcher, goldMatcher, isRelevant, matchGold } from './scoring/relevance.js';
export { type RankingScores, type ScoreRankingOptions, scoreRanking } from './scoring/score-ranking.js';
export type { GoldKind, RankedItem, RelevanceOptions, ScoredTask } from './scoring/types.js';
export { clusterOf, clustersOf } from './task/cluster-of.js';
export { corpusKey, inlineFilesHash } from './task/corpus-key.js';
export { parseTasksJsonl, readTasks } from './task/read-tasks.js';
export { rolloutId, rolloutRepeatOf, rolloutTask, rolloutTasks, taskIdOf } from './task/repeats.js';
export { type Corpus, type Gold, type Task, taskSchema } from './task/schema.js';
