/**
 * The public surface of `agent-track/agent`: the LLM block, the providers behind one
 * `ChatProvider` interface, the offline endpoint, the product manifest, the MCP client with its
 * recording proxy, the LangGraph agent and its outcomes, the blind pairwise and rubric judges, and the harness (`runTask`, `runHarness`,
 * the ledger, `askQuestion`). Named exports only; this file is the complete list.
 */

export type { Usage } from '../trajectory/index.js';
export { completionTokens, countTokens, promptTokens } from './endpoint/count-tokens.js';
export { offlineJudgeScore, offlineJudgeStep } from './endpoint/offline-judge.js';
export type { OfflinePolicyOptions } from './endpoint/offline-policy.js';
export { createOfflinePolicy, OFFLINE_LABEL, offlineStep } from './endpoint/offline-policy.js';
export { OFFLINE_SENTENCES, offlineProposerStep, offlineRewrite } from './endpoint/offline-proposer.js';
export { offlineRubricStep } from './endpoint/offline-rubric.js';
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
export type { AgentAdapter, AgentRunSpec, TranscriptFormat } from './external/agent-adapter.js';
export {
  type AgentProcessOptions,
  type AgentProcessResult,
  runAgentProcess,
} from './external/agent-process.js';
export { CLAUDE_CODE_ALLOWED_TOOLS, claudeCodeAgent, PROBE_PROMPT } from './external/claude-code.js';
export { COMMAND_PLACEHOLDERS, commandAgent, splitCommandLine } from './external/command.js';
export {
  type ImportedRollout,
  type ImportRolloutOptions,
  importRollout,
  type ReportedFigures,
  reportedFigures,
} from './external/import-rollout.js';
export {
  type McpConfigFile,
  type McpServerEntry,
  mcpServerEntry,
  writeMcpConfig,
} from './external/mcp-config.js';
export {
  AGENT_NAMES,
  type AgentName,
  type SelectAgentOptions,
  selectAgent,
} from './external/select-agent.js';
export type { AskOptions, AskResult } from './harness/ask.js';
export { askQuestion } from './harness/ask.js';
export type { HarnessRunOptions } from './harness/harness-run.js';
export { harnessRun } from './harness/harness-run.js';
export type { LedgerLine } from './harness/ledger.js';
export {
  LEDGER_FILE,
  ledgerLineSchema,
  readLedger,
} from './harness/ledger.js';
export type { OpenedModel, OpenModelOptions } from './harness/open-model.js';
export { OFFLINE_MODEL, openModel } from './harness/open-model.js';
export { runPool } from './harness/promise-pool.js';
export type { HarnessOptions, HarnessSummary } from './harness/run-harness.js';
export { runHarness } from './harness/run-harness.js';
export type { RunTaskOptions, TaskRun } from './harness/run-task.js';
export { runTask } from './harness/run-task.js';
export type { WorkspaceOptions, WorkspaceResolver } from './harness/task-workspace.js';
export { createWorkspaceResolver } from './harness/task-workspace.js';
// --- Judge ---
export type { JudgeAnswerOptions, RubricVerdict } from './judge/judge-answer.js';
export { judgeAnswer } from './judge/judge-answer.js';
export type { JudgedAnswer, JudgePairOptions, JudgeVerdict } from './judge/judge-pair.js';
export { judgeOrder, judgePair } from './judge/judge-pair.js';
export type { JudgeGold, JudgeInput } from './judge/judge-prompt.js';
export { JUDGE_MARKER, JUDGE_SCALE, judgeGold, judgeMessages, readJudgeInput } from './judge/judge-prompt.js';
export type { JudgeReply, ParsedJudgeReply } from './judge/judge-reply.js';
export { judgeReplySchema, parseJudgeReply } from './judge/judge-reply.js';
export type { JudgeTally } from './judge/judge-tally.js';
export type { RubricInput } from './judge/rubric-prompt.js';
export { RUBRIC_JUDGE_MARKER, readRubricInput, rubricMessages } from './judge/rubric-prompt.js';
export type { ParsedRubricReply, RubricReply } from './judge/rubric-reply.js';
export { parseRubricReply, rubricReplySchema } from './judge/rubric-reply.js';
export type { ParsedReply } from './judge/strict-reply.js';
// --- end proposer ---
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
export type { AgentGraphOptions, AgentSteps } from './loop/agent-graph.js';
export { AgentState, buildAgentGraph, recursionLimitFor } from './loop/agent-graph.js';
export type { Architecture } from './loop/architecture.js';
export { ARCHITECTURES, REWRITE_INSTRUCTIONS, rewrittenQuestion } from './loop/architecture.js';
export type { ClassifiedOutcome, LastReply, OutcomeInput } from './loop/outcome.js';
export { classifyOutcome, NEED_MORE_STEPS_REPLY } from './loop/outcome.js';
export type { AgentRun, RunAgentOptions } from './loop/run-agent.js';
export { DEFAULT_TURN_BUDGET, runAgent } from './loop/run-agent.js';
export { systemPrompt } from './loop/system-prompt.js';
export type { AgentProduct, OpenProductOptions } from './manifest/agent-product.js';
export { isEmbeddedProduct, openAgentProduct } from './manifest/agent-product.js';
export type { LoadedProduct } from './manifest/load-manifest.js';
export { loadProduct, parseProductManifest, readArtifact } from './manifest/load-manifest.js';
export type { ProductArtifacts, ProductManifest } from './manifest/manifest-schema.js';
export {
  PRODUCT_MANIFEST_FILE,
  productArtifactsSchema,
  productManifestSchema,
} from './manifest/manifest-schema.js';
export type { ServerCommand, ServeValues } from './manifest/server-command.js';
export {
  embeddedServerCommand,
  PACKAGE_ROOT,
  productServerCommand,
} from './manifest/server-command.js';
export type { ExtractedResult, TextExtractor } from './mcp/extract-result.js';
export { extractResult, filePathExtractor, resultText } from './mcp/extract-result.js';
export type { ConnectOptions, McpSession } from './mcp/mcp-session.js';
export { connectMcpServer } from './mcp/mcp-session.js';
export type { RecordingProxy, RecordingProxyOptions } from './mcp/recording-proxy.js';
export { createRecordingProxy } from './mcp/recording-proxy.js';
export type { ServerPool } from './mcp/server-pool.js';
export { freshServers, reusedServers } from './mcp/server-pool.js';
export { toolDescriptionTokens, toToolDefinitions } from './mcp/tool-definitions.js';
// --- end judge ---
// --- Proposer ---
export type { ProposerInput } from './proposer/proposer-prompt.js';
export {
  artifactFromReply,
  PROPOSER_MARKER,
  proposerMessages,
  proposerReply,
  readProposerInput,
} from './proposer/proposer-prompt.js';
