// The agent layer's second entry: the LLM block alone (its schema, loading and hash), without the
// agent loop, the SDKs or the MCP client. `harness validate-llm-block`, which a campaign runs once
// per arm before anything is set up, loads only this (~0.38 CPU-s a check against ~0.60 through
// the layer's entry).
export type { LlmBlock } from './block-schema.js';
export { llmBlockSchema } from './block-schema.js';
export type { LoadedLlmBlock } from './load-block.js';
export { loadLlmBlock, parseLlmBlock } from './load-block.js';
