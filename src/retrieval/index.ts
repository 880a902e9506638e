/**
 * The public surface of `agent-track/retrieval`: the measuring instrument. The task record, the one
 * relevance predicate and the ranked metrics built on it, datasets and splits, and the free rung's
 * result format. Pure: no native dependency. Named exports only; this file is the complete list.
 */

export { type Citation, parseCitations, resolveCitations } from './datasets/citations.js';
export { type LoadedSplit, loadSplit } from './datasets/load-split.js';
export type { LoadedDataset } from './datasets/loaded.js';
export {
  BUILT_IN_DATASETS_DIR,
  type DatasetDefinition,
  listDatasets,
  loadDataset,
  resolveDataset,
} from './datasets/registry.js';
export { findClone, listTree, type RepoSource, requireClone } from './datasets/repo-source.js';
export { loadRepoQa } from './datasets/repoqa.js';
export { parseSplitName, SLICES, type Slice, sliceTasks, splitStratum } from './datasets/slices.js';
export { loadSweQa, type SweQaOptions } from './datasets/swe-qa.js';
export { compareRungs, type RungComparisonRow, readRungRun } from './rung/compare.js';
export {
  RUNG_METRICS,
  type RungOverlay,
  type RungRun,
  type RungTask,
  rungOverlaySchema,
  rungRunSchema,
} from './rung/rung-schema.js';
export { summarizeRung } from './rung/summarize.js';
export { bodyTokens } from './scoring/body/body-tokens.js';
export { languageOfPath } from './scoring/body/language.js';
export { distinctFiles } from './scoring/distinct-files.js';
export { BODY_KEY, goldItems, goldKindOf } from './scoring/gold.js';
export { goldRanksOf } from './scoring/gold-ranks.js';
export { type JudgedList, judgeList } from './scoring/judge-list.js';
export { coverage, coverageOf } from './scoring/metrics/coverage.js';
export { mapAtK, mapAtKOf } from './scoring/metrics/map-at-k.js';
export { mrr, mrrOf } from './scoring/metrics/mrr.js';
export { ndcgAtK, ndcgAtKOf } from './scoring/metrics/ndcg-at-k.js';
export { passAt1Needle } from './scoring/metrics/pass-at-1-needle.js';
export { precisionAt1, precisionAt1Of } from './scoring/metrics/precision-at-1.js';
export { hitAtK, type RecallAtK, recallAtK, recallAtKOf } from './scoring/metrics/recall-at-k.js';
export { normalizePath } from './scoring/normalize-path.js';
export { type GoldMatcher, goldMatcher, isRelevant, matchGold } from './scoring/relevance.js';
export { type RankingScores, type ScoreRankingOptions, scoreRanking } from './scoring/score-ranking.js';
export {
  BODY_LANGUAGES,
  type BodyLanguage,
  GOLD_KINDS,
  type GoldKind,
  type RankedItem,
  type RelevanceOptions,
  type ScoredTask,
} from './scoring/types.js';
export { corpusKey, inlineFilesHash } from './task/corpus-key.js';
export { parseTasksJsonl, readTasks } from './task/read-tasks.js';
export {
  type Corpus,
  corpusSchema,
  type DirCorpus,
  dirCorpusSchema,
  type FilesCorpus,
  filesCorpusSchema,
  type Gold,
  goldSchema,
  type RepoCorpus,
  repoCorpusSchema,
  type Task,
  taskSchema,
} from './task/schema.js';
