/**
 * The public surface of `agent-track/retrieval`: the task record, the one relevance predicate and
 * the ranked metrics built on it. Named exports only; this file is the complete list.
 */

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
