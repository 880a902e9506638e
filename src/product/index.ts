/**
 * The public surface of `agent-track/product`: the reference code-search product (serving config,
 * index build, bundle, search, the MCP server and the command that starts it, corpora and the free
 * retrieval rung's runner). Loads SQLite and the MCP SDK. Named exports only; this file is the
 * complete list.
 *
 * @example
 * import { loadServingConfig, buildIndex } from 'agent-track/product';
 * buildIndex({ corpus: 'fixtures/corpora/py-shop', out: '/tmp/ws', config: loadServingConfig() });
 */
export { type Bundle, openBundle } from './bundle/open-bundle.js';
export { type CacheEntry, cacheContents, evictCache } from './corpora/cache-contents.js';
export { type CorpusPack, packCorpus, unpackCorpus } from './corpora/corpus-pack.js';
export { ensureIndex, type IndexStatus, indexStatus, indexWorkspace } from './corpora/index-cache.js';
export { INDEX_CODE_PATHS, indexCodeId } from './corpora/index-code.js';
export { type MaterializedCorpus, materializeCorpus } from './corpora/materialize.js';
export { type Embedded, type EmbeddingsClient, embeddingsClient } from './embed/embeddings-client.js';
export { resolveOfflineEndpoints } from './embed/endpoint-key.js';
export { embedBundle, type VectorsManifest } from './embed/piece-vectors.js';
export {
  STAND_IN_EMBEDDER,
  STAND_IN_EMBEDDER_LABEL,
  standInEmbedding,
  standInWords,
} from './embed/stand-in-embedder.js';
export { type BuildIndexOptions, buildIndex } from './index-build/build-index.js';
export { type RungOptions, rungOverlay, runRetrievalRung } from './rung/run-rung.js';
export { connectSearch, type SearchClient, type SearchHit } from './rung/search-client.js';
export {
  type SearchOutcome,
  type SearchRequest,
  type SearchRow,
  searchCodebase,
} from './search/search-codebase.js';
export { STOP_WORDS } from './search/stop-words.js';
export { type CodeSearchServerOptions, createCodeSearchServer } from './server/create-server.js';
export { type ServeOptions, serveStdio } from './server/serve.js';
export { type HttpServing, type ServeHttpOptions, serveHttp } from './server/serve-http.js';
export { serveReference } from './server/serve-reference.js';
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
export {
  type ConfigLayer,
  DEFAULT_SERVING_CONFIG,
  loadServingConfig,
  parseServingConfig,
} from './serving/load-serving-config.js';
export { type EmbeddingsConfig, type ServingConfig, ServingConfigSchema } from './serving/schema.js';
