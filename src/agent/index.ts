/**
 * The public surface of `agent-track/agent`: the LLM block, the providers behind one
 * `ChatProvider` interface, and the offline endpoint. Named exports only; this file is the
 * complete list.
 */

export type { Usage } from '../trajectory/index.js';
export { completionTokens, countTokens, promptTokens } from './endpoint/count-tokens.js';
export type { OfflinePolicyOptions } from './endpoint/offline-policy.js';
export { createOfflinePolicy, OFFLINE_LABEL, offlineStep } from './endpoint/offline-policy.js';
export type { Pointer } from './endpoint/pointer-lines.js';
export { parsePointerArguments, pointersIn } from './endpoint/pointer-lines.js';
export type {
  Policy,
  PolicyError,
  PolicyReply,
  PolicyRequest,
  PolicyToolCall,
  PolicyTurn,
} from './endpoint/policy.js';
export { resolvePolicy } from './endpoint/resolve-policy.js';
export { createScriptPolicy, loadScript, parseScript } from './endpoint/script-policy.js';
export type { Script, ScriptTurn } from './endpoint/script-schema.js';
export type { EndpointOptions, EndpointRequest, RunningEndpoint } from './endpoint/start-endpoint.js';
export { startEndpoint } from './endpoint/start-endpoint.js';
export { pathsIn } from './endpoint/tool-result-text.js';
export type { LlmBlock, LlmParams, LlmProviderName, LlmThinking } from './llm/block-schema.js';
export { LLM_BLOCK_DEFAULTS, llmBlockSchema } from './llm/block-schema.js';
export { blockHash, canonicalBlock } from './llm/canonical-block.js';
export type { LoadedLlmBlock } from './llm/load-block.js';
export { loadLlmBlock, parseLlmBlock } from './llm/load-block.js';
export { createAnthropicProvider } from './llm/providers/anthropic-provider.js';
export type {
  ChatMessage,
  ChatProvider,
  CompletionRequest,
  CompletionResult,
  FinishReason,
  ToolCall,
  ToolChoice,
  ToolDefinition,
} from './llm/providers/chat-provider.js';
export { createProvider } from './llm/providers/create-provider.js';
export { createOpenAIProvider } from './llm/providers/openai-provider.js';
export type { ProviderOptions } from './llm/providers/provider-options.js';
export type { RetryEvent } from './llm/providers/with-retries.js';
export { exponentialBackoff } from './llm/providers/with-retries.js';
export {
  MODEL_SETTING_ENV,
  MODEL_SETTING_KEYS,
  refuseModelSettingsInConfig,
  refuseModelSettingsInEnv,
} from './llm/refuse-model-settings.js';
