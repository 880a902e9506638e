/**
 * The public surface of `agent-track/retrieval`. Named exports only, no wildcards: this file is
 * the complete list.
 */

// The reference code-search server: serving config, index bundle, search, MCP server.
export { type BundleManifest, BundleManifestSchema, readBundleManifest } from './bundle/manifest.js';
export { type Bundle, openBundle } from './bundle/open-bundle.js';
export { type BuildIndexOptions, buildIndex } from './index-build/build-index.js';
export type { Piece, PieceKind, SymbolSpan } from './index-build/pieces/types.js';
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
