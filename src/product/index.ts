/**
 * The public surface of `agent-track/product`: the reference code-search product (serving config,
 * index build, bundle, search, the MCP server, corpora and the free retrieval rung). Named exports
 * only; this file is the complete list.
 */
export { type BundleManifest, BundleManifestSchema, readBundleManifest } from './bundle/manifest.js';
export { type Bundle, openBundle } from './bundle/open-bundle.js';
export { type CacheEntry, cacheContents, evictCache } from './corpora/cache-contents.js';
export { directoryHash } from './corpora/directory-hash.js';
export { ensureIndex, type IndexStatus, indexStatus, indexWorkspace } from './corpora/index-cache.js';
export { type MaterializedCorpus, materializeCorpus } from './corpora/materialize.js';
export { type BuildIndexOptions, buildIndex } from './index-build/build-index.js';
export type { Piece, PieceKind, SymbolSpan } from './index-build/pieces/types.js';
export { type RungOptions, rungOverlay, runRetrievalRung } from './rung/run-rung.js';
export { connectSearch, type SearchClient, type SearchHit } from './rung/search-client.js';
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
export { type ReferenceServerArgs, referenceServerCommand } from './server/server-command.js';
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
