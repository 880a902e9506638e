import { AgentTrackError, invalidOption, MAX_TIMEOUT_SECONDS } from '../../core/index.js';
import type { Recorder, TextExtractor } from '../../trajectory/index.js';
import type { ChatProvider, CompletionResult, ToolDefinition } from '../llm/providers/chat-provider.js';
import type { McpSession } from '../mcp/mcp-session.js';
import { createRecordingProxy } from '../mcp/recording-proxy.js';
import type { AgentSteps } from './agent-graph.js';
import { ARCHITECTURES, type Architecture } from './architecture.js';
import { type ClassifiedOutcome, classifyOutcome } from './outcome.js';
import { type TokenCap, tokenMeter } from './token-cap.js';

/** The default number of tool-calling turns before the final tool-less one. */
export const DEFAULT_TURN_BUDGET = 12;

export interface RunAgentOptions {
  provider: ChatProvider;
  model: string;
  /** The task's repeat in a campaign (1-based), passed to every completion request. */
  repeat?: number;
  session: McpSession;
  recorder: Recorder;
  extractor: TextExtractor;
  /** The task's corpus directory: recorded identifiers under it are made relative to it. */
  corpus?: string | null;
  system: string;
  question: string;
  architecture?: Architecture;
  turnBudget?: number;
  /** The whole rollout's time limit in ms (default: none). */
  timeoutMs?: number;
  /** Thinking was on in the block (decides `starved_reply`). */
  thinking?: boolean;
  /** The most the rollout may use (its booking): old tool results are cut to stay under it. */
  tokenCap?: TokenCap;
  /** Counts every completion request as it goes, so a rollout that throws still says what it sent. */
  tally?: RequestTally;
}

/**
 * The completion requests of one or more attempts at a rollout: sent, answered, and the reported
 * tokens of the answered ones (`unreported`: answers without usage).
 */
export interface RequestTally {
  sent: number;
  answered: number;
  unreported: number;
  prompt: number;
  completion: number;
}

/** A tally at zero. */
export const emptyTally = (): RequestTally => ({
  sent: 0,
  answered: 0,
  unreported: 0,
  prompt: 0,
  completion: 0,
});

/** How one agent run ended. */
export interface AgentRun extends ClassifiedOutcome {
  turns: number;
  turnBudget: number;
  timedOut: boolean;
  /** Requests sent with tool results cut to stay within the token cap (0 without a cap). */
  contextCuts: number;
}

const unreached = (error: unknown) =>
  error instanceof AgentTrackError && error.code === 'LLM_REQUEST_FAILED' && error.data.kind === 'connection';

class TokenCapReached extends Error {
  constructor() {
    super("The next request would not fit in what is left of the rollout's token cap");
    this.name = 'TokenCapReached';
  }
}

class RolloutTimeout extends Error {
  constructor(ms: number) {
    super(`The rollout exceeded its ${ms} ms timeout`);
    this.name = 'RolloutTimeout';
  }
}

/**
 * Runs the agent graph on one question against a connected MCP session, recording every model
 * message and tool call in `recorder` (it does not finish it). A message id the endpoint already
 * used in this run gets a `~<turn>` suffix: each completion is billed once, under its own id.
 * Endpoint and server failures are thrown; timeouts and budgets are outcomes.
 *
 * @example
 * const run = await runAgent({ provider, model: 'gpt-4.1-mini', session, recorder, extractor, system, question });
 * run.outcome; // 'answered'
 */
export async function runAgent(options: RunAgentOptions): Promise<AgentRun> {
  const turnBudget = options.turnBudget ?? DEFAULT_TURN_BUDGET;
  if (!Number.isInteger(turnBudget) || turnBudget < 1) {
    throw invalidOption('turnBudget', 'a positive integer', options.turnBudget);
  }
  const timeoutOk = (ms: number) => Number.isFinite(ms) && ms > 0 && ms <= MAX_TIMEOUT_SECONDS * 1000;
  if (options.timeoutMs !== undefined && !timeoutOk(options.timeoutMs)) {
    throw invalidOption(
      'timeoutMs',
      `a positive number of milliseconds, at most ${MAX_TIMEOUT_SECONDS * 1000} (a Node timer's longest)`,
      options.timeoutMs,
    );
  }
  if (options.architecture !== undefined && !ARCHITECTURES.includes(options.architecture)) {
    throw invalidOption(
      'architecture',
      `one of ${ARCHITECTURES.map((a) => `\`${a}\``).join(', ')}`,
      options.architecture,
    );
  }
  const controller = new AbortController();
  const proxy = createRecordingProxy({
    session: options.session,
    recorder: options.recorder,
    extractor: options.extractor,
    corpus: options.corpus ?? null,
    signal: controller.signal,
  });
  const tools: readonly ToolDefinition[] = options.session.definitions;
  const seen = new Set<string>();
  let last: CompletionResult | null = null;
  let turns = 0;
  let finalTurn = false;
  let contextCuts = 0;
  // At most the tool turns and the final tool-less one (the rewrite step is turn 1 of them).
  const meter = options.tokenCap === undefined ? null : tokenMeter(options.tokenCap, turnBudget + 1);
  const steps: AgentSteps = {
    complete: async (messages, step) => {
      const offered = step.tools ? tools : [];
      const capped = meter?.next(messages, offered);
      if (capped === null) throw new TokenCapReached();
      if (capped !== undefined && capped.cut > 0) contextCuts += 1;
      const tally = options.tally;
      if (tally !== undefined) tally.sent += 1;
      const reply = await options.provider
        .complete({
          model: options.model,
          messages: capped?.messages ?? messages,
          tools: offered,
          ...(step.tools ? { toolChoice: step.toolChoice } : {}),
          ...(options.repeat === undefined ? {} : { repeat: options.repeat }),
          ...(capped === undefined ? {} : { maxTokens: capped.maxTokens }),
        })
        .catch((error: unknown) => {
          // A request that never reached the endpoint (it could not be connected to) cost nothing.
          if (tally !== undefined && unreached(error)) tally.sent -= 1;
          throw error;
        });
      if (capped !== undefined) meter!.record(capped, reply.usage);
      if (tally !== undefined) {
        tally.answered += 1;
        if (reply.usage === undefined) tally.unreported += 1;
        else {
          tally.prompt += reply.usage.prompt;
          tally.completion += reply.usage.completion;
        }
      }
      if (controller.signal.aborted) throw controller.signal.reason;
      const id = seen.has(reply.message.id) ? `${reply.message.id}~${step.turn}` : reply.message.id;
      seen.add(id);
      options.recorder.recordMessage({
        id,
        turn: step.turn,
        finish_reason: reply.finish_reason,
        content: reply.message.content,
        tool_calls: reply.message.tool_calls.map((call) => ({ id: call.id, name: call.name })),
        ...(reply.usage === undefined ? {} : { usage: reply.usage }),
        ...(reply.cost_usd === undefined ? {} : { cost_usd: reply.cost_usd }),
      });
      turns = step.turn;
      if (step.tools) {
        last = reply;
        finalTurn = step.turn > turnBudget;
      }
      return { ...reply, message: { ...reply.message, id } };
    },
    runTools: (reply) => proxy.run(reply.message.tool_calls, reply.message.id),
  };
  // LangGraph is loaded by the first rollout, not by every process that reaches the agent layer.
  const { buildAgentGraph, GraphRecursionError, recursionLimitFor } = await import('./agent-graph.js');
  const graph = buildAgentGraph({ architecture: options.architecture ?? 'react', turnBudget, steps });
  let timedOut = false;
  let recursionLimitHit = false;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    if (options.timeoutMs === undefined) return;
    timer = setTimeout(() => {
      timedOut = true;
      const reason = new RolloutTimeout(options.timeoutMs!);
      controller.abort(reason);
      reject(reason);
    }, options.timeoutMs);
  });
  const invoked = graph.invoke(
    { system: options.system, question: options.question },
    { recursionLimit: recursionLimitFor(turnBudget), signal: controller.signal },
  );
  try {
    await Promise.race([invoked, expired]);
  } catch (error) {
    if (error instanceof GraphRecursionError || error instanceof TokenCapReached) recursionLimitHit = true;
    else if (!timedOut) throw error;
  } finally {
    clearTimeout(timer);
    if (timedOut) invoked.catch(() => {});
  }
  const lastReply = last as CompletionResult | null;
  const classified = classifyOutcome({
    timedOut,
    recursionLimitHit,
    finalTurn,
    thinking: options.thinking ?? false,
    last:
      lastReply === null
        ? null
        : {
            content: lastReply.message.content,
            finish_reason: lastReply.finish_reason,
            tool_calls: lastReply.message.tool_calls.length,
          },
  });
  return { ...classified, turns, turnBudget, timedOut, contextCuts };
}
