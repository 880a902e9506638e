/**
 * The public surface of `agent-track/retrieval`: the task record, the one relevance predicate and
 * the ranked metrics built on it; the reference code-search server. Named exports only; this file
 * is the complete list.
 */

// The reference code-search server: serving config, index bundle, search, MCP server.
export { type BundleManifest, BundleManifestSchema, readBundleManifest } from './bundle/manifest.js';
export { type Bundle, openBundle } from './bundle/open-bundle.js';
export { type CacheEntry, cacheContents, evictCache } from './corpora/cache-contents.js';
export { resolveCacheDir } from './corpora/cache-dir.js';
export { corpusKey } from './corpora/corpus-key.js';
export { directoryHash } from './corpora/directory-hash.js';
export { ensureIndex, type IndexStatus, indexStatus, indexWorkspace } from './corpora/index-cache.js';
export { type MaterializedCorpus, materializeCorpus } from './corpora/materialize.js';
// Datasets, corpora and the free retrieval rung.
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
export { type BuildIndexOptions, buildIndex } from './index-build/build-index.js';
export type { Piece, PieceKind, SymbolSpan } from './index-build/pieces/types.js';
export { compareRungs, type RungComparisonRow, readRungRun } from './rung/compare.js';
export { type RungOptions, runRetrievalRung } from './rung/run-rung.js';
export { RUNG_METRICS, type RungRun, rungRunSchema } from './rung/rung-schema.js';
export { connectSearch, type SearchClient, type SearchHit } from './rung/search-client.js';
export { selfCommand } from './rung/self-command.js';
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
export { aggregateFiles, type FileHit } from './search/aggregate-files.js';
export { matchExpression, queryTerms } from './search/match-expression.js';
export {
  type SearchOutcome,
  type SearchRequest,
  type SearchRow,
  searchCodebase,
} from './search/search-codebase.js';
export { KIND_FILTERS, type KindFilter, type PieceHit } from './search/search-pieces.js';
export { type CodeSearchServerOptions, callTool, createCodeSearchServer } from './server/create-server.js';
export { type Pointer, pointerLine } from './server/pointers.js';
export { type ServeOptions, serveStdio } from './server/serve.js';
export {
  DEFAULT_TOOL_DOCS,
  loadToolDocs,
  TOOL_NAMES,
  type ToolDocs,
  ToolDocsSchema,
  type ToolName,
} from './server/tool-docs.js';
export { deepMerge } from './serving/deep-merge.js';
export { ingestionHash } from './serving/ingestion-hash.js';
export {
  type ConfigLayer,
  DEFAULT_SERVING_CONFIG,
  loadServingConfig,
  parseServingConfig,
} from './serving/load-serving-config.js';
export { MODEL_KEYS } from './serving/model-keys.js';
export { type ServingConfig, ServingConfigSchema } from './serving/schema.js';
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
