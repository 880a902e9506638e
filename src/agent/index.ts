/**
 * The public surface of `agent-track/agent`: the LLM block, the providers behind one
 * `ChatProvider` interface, the offline endpoint and its stand-in policies, a product's manifest,
 * the MCP client with its recording proxy, the LangGraph agent, the harness (`runTask`,
 * `runHarness`, the ledger, `askQuestion`), the blind pairwise and rubric judges, the proposer's
 * prompt, and external agent CLIs (Claude Code, any command). Named exports only; this file is the
 * complete list.
 *
 * @example
 * import { startEndpoint, createProvider, parseLlmBlock } from 'agent-track/agent';
 */

export type { ProductManifest, TextExtractor, Usage } from '../trajectory/index.js';
export { filePathExtractor, PRODUCT_MANIFEST_FILE, productManifestSchema } from '../trajectory/index.js';
export { countTokens, promptTokens, toolTokens } from './endpoint/count-tokens.js';
export type { OfflinePolicyOptions } from './endpoint/offline-policy.js';
export { createOfflinePolicy, OFFLINE_LABEL } from './endpoint/offline-policy.js';
export type {
  Policy,
  PolicyError,
  PolicyReply,
  PolicyRequest,
  PolicyToolCall,
  PolicyTurn,
} from './endpoint/policy.js';
export { createScriptPolicy, loadScript, parseScript } from './endpoint/script-policy.js';
export type { Script, ScriptTurn } from './endpoint/script-schema.js';
export type { EndpointOptions, RunningEndpoint } from './endpoint/start-endpoint.js';
export { startEndpoint } from './endpoint/start-endpoint.js';
export type { AgentAdapter, AgentRunSpec, TranscriptFormat } from './external/agent-adapter.js';
export {
  type AgentProcessOptions,
  type AgentProcessResult,
  runAgentProcess,
} from './external/agent-process.js';
export { claudeCodeAgent } from './external/claude-code.js';
export { commandAgent } from './external/command.js';
export {
  type ImportedRollout,
  type ImportRolloutOptions,
  importRollout,
  type ReportedFigures,
  reportedFigures,
} from './external/import-rollout.js';
export { type McpConfigFile, type McpServerEntry, writeMcpConfig } from './external/mcp-config.js';
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
export { LEDGER_FILE, ledgerLineSchema, readLedger } from './harness/ledger.js';
export type { OpenedModel, OpenModelOptions } from './harness/open-model.js';
export { openModel } from './harness/open-model.js';
export { PROBED_ENV, type ProbeCorporaOptions, probeCorpora } from './harness/probe-corpora.js';
export { type ProductProbe, probeSession } from './harness/product-probe.js';
export { runPool } from './harness/promise-pool.js';
export { recordedErrorSchema } from './harness/recorded-error-schema.js';
export type { HarnessOptions, HarnessSummary } from './harness/run-harness.js';
export { runHarness } from './harness/run-harness.js';
export type { RunTaskOptions, TaskRun } from './harness/run-task.js';
export { runTask } from './harness/run-task.js';
export { openRunnerState, type RunnerState } from './harness/runner-state.js';
export { type SearchRung, searchRung } from './harness/search-rung.js';
export type { WorkspaceOptions, WorkspaceResolver } from './harness/task-workspace.js';
export { createWorkspaceResolver, productWorkspaces } from './harness/task-workspace.js';
export type { JudgeAnswerOptions, RubricVerdict } from './judge/judge-answer.js';
export { judgeAnswer } from './judge/judge-answer.js';
export type { JudgedAnswer, JudgePairOptions, JudgeVerdict } from './judge/judge-pair.js';
export { judgePair } from './judge/judge-pair.js';
export type { JudgeGold } from './judge/judge-prompt.js';
export { judgeGold } from './judge/judge-prompt.js';
export { rubricMessages } from './judge/rubric-prompt.js';
export {
  type LlmBlock,
  type LoadedLlmBlock,
  llmBlockSchema,
  loadLlmBlock,
  parseLlmBlock,
} from './llm/index.js';
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
export { blockKey, type ProviderOptions } from './llm/providers/provider-options.js';
export type { RetryEvent } from './llm/providers/with-retries.js';
export type { Architecture } from './loop/architecture.js';
export { ARCHITECTURES } from './loop/architecture.js';
export type { AgentRun, RequestTally, RunAgentOptions } from './loop/run-agent.js';
export { DEFAULT_TURN_BUDGET, emptyTally, runAgent } from './loop/run-agent.js';
export { systemPrompt } from './loop/system-prompt.js';
export type { CappedRequest, TokenCap, TokenMeter } from './loop/token-cap.js';
export { parseTokenCap, TOKEN_CAP_ENV, tokenMeter } from './loop/token-cap.js';
export type { AgentProduct, OpenProductOptions } from './manifest/agent-product.js';
export { isEmbeddedProduct, openAgentProduct } from './manifest/agent-product.js';
export type { LoadedProduct } from './manifest/load-manifest.js';
export { loadProduct, parseProductManifest, readArtifact } from './manifest/load-manifest.js';
export type { HttpServer, ServerCommand, ServerSpec, ServeValues } from './manifest/server-command.js';
export {
  embeddedServerCommand,
  isHttpServer,
  PACKAGE_ROOT,
  productIndexCommand,
  productServerCommand,
  serveArgv,
  servedPlaces,
} from './manifest/server-command.js';
export type { ConnectOptions, McpSession } from './mcp/mcp-session.js';
export { connectMcpServer } from './mcp/mcp-session.js';
export type { RecordingProxy, RecordingProxyOptions } from './mcp/recording-proxy.js';
export { createRecordingProxy } from './mcp/recording-proxy.js';
export type { ServerPool } from './mcp/server-pool.js';
export { toolDescriptionTokens } from './mcp/tool-definitions.js';
export type { ProposerInput } from './proposer/proposer-prompt.js';
export { artifactFromReply, proposerMessages } from './proposer/proposer-prompt.js';
export {
  RUNNER_PROTOCOL,
  type RunnerDone,
  type RunnerReady,
  type RunnerRequest,
  runnerLineSchema,
} from './runner/runner-protocol.js';
export { type RunOne, type ServeRunnerOptions, serveRunner } from './runner/serve-runner.js';
