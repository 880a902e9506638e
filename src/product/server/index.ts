// The product layer's second entry: the reference MCP server and what starting it needs, without
// the index builder, the corpora cache or the retrieval rung. `agent-track serve` (one process per
// rollout) loads only this, so a server starts in about two thirds of the time the whole layer takes.
export { DEFAULT_SERVING_CONFIG, loadServingConfig } from '../serving/load-serving-config.js';
export { serveReference } from './serve-reference.js';
export { DEFAULT_TOOL_DOCS } from './tool-docs.js';
