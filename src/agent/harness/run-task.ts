import { join } from 'node:path';
import type { Task } from '../../retrieval/index.js';
import {
  BLOBS_DIR,
  filePathExtractor,
  importedTaskDir,
  type Outcome,
  Recorder,
  type TextExtractor,
  type UsageTotals,
  usageTotals,
} from '../../trajectory/index.js';
import type { ChatProvider } from '../llm/providers/chat-provider.js';
import type { Architecture } from '../loop/architecture.js';
import { DEFAULT_TURN_BUDGET, type RequestTally, runAgent } from '../loop/run-agent.js';
import type { TokenCap } from '../loop/token-cap.js';
import type { ServerSpec } from '../manifest/server-command.js';
import { freshServers, type ServerPool } from '../mcp/server-pool.js';

export interface RunTaskOptions {
  /** The run directory: the trajectory goes to `<out>/tasks/<task id>/`, blobs to `<out>/blobs/`. */
  out: string;
  provider: ChatProvider;
  model: string;
  /** The MCP server for this task's workspace (see `AgentProduct.serverFor`). */
  server: ServerSpec;
  /** The system prompt (the product's ask prompt and usage skill). */
  system: string;
  architecture?: Architecture;
  /** Tool-calling turns before the final tool-less one (default 12). */
  turnBudget?: number;
  /** The rollout's time limit in ms (default: none). */
  timeoutMs?: number;
  /** Thinking is on in the block (an empty reply cut at the limit is then `starved_reply`). */
  thinking?: boolean;
  /** The task's corpus directory: identifiers under it are recorded relative to it (as gold is). */
  corpus?: string | null;
  /** Identifiers from result text when a server returns no `structuredContent` (default: file paths). */
  extractor?: TextExtractor;
  /** Where the session comes from (default: a fresh server for this rollout, stopped after). */
  servers?: ServerPool;
  /** Replace a trajectory already in the task's directory (a retry); default: refuse. */
  overwrite?: boolean;
  /** The most the rollout may use (its booking); see `tokenMeter`. */
  tokenCap?: TokenCap;
  /** Counts the rollout's completion requests, also when it throws. */
  tally?: RequestTally;
}

/** What one finished rollout produced. */
export interface TaskRun {
  task_id: string;
  /** The trajectory directory. */
  dir: string;
  outcome: Outcome;
  answer: string | null;
  turns: number;
  tool_calls: number;
  /** Usage once per message id (the trajectory metric's own count); `null` when none was reported. */
  usage: UsageTotals | null;
  duration_ms: number;
  /** Tokens of the tool definitions the server listed. */
  description_tokens: number;
  /** Requests sent with old tool results cut to stay within the token cap. */
  context_cuts: number;
}

/**
 * One task, one agent run, one trajectory directory. Starts the task's MCP server, runs the agent
 * graph, records every message and call, and finishes the trajectory with its outcome. A rollout
 * that fails (the endpoint refuses, the server dies) throws and leaves the trajectory incomplete
 * (no `result.json`), so no metric ever reads it as a real run.
 *
 * @example
 * const run = await runTask(task, { out: 'runs/demo', provider, model: 'offline', server, system });
 * run.outcome; // 'answered'
 */
export async function runTask(task: Task, options: RunTaskOptions): Promise<TaskRun> {
  const dir = importedTaskDir(options.out, task.id);
  const recorder = Recorder.create(dir, {
    taskId: task.id,
    blobs: join(options.out, BLOBS_DIR),
    overwrite: options.overwrite ?? false,
  });
  const startedAt = new Date();
  const began = performance.now();
  const servers = options.servers ?? freshServers();
  const session = await servers.acquire(options.server);
  let clean = false;
  try {
    const run = await runAgent({
      provider: options.provider,
      model: options.model,
      session,
      recorder,
      extractor: options.extractor ?? filePathExtractor(),
      corpus: options.corpus ?? null,
      system: options.system,
      question: task.question,
      ...(task.repeat === undefined ? {} : { repeat: task.repeat }),
      architecture: options.architecture ?? 'react',
      turnBudget: options.turnBudget ?? DEFAULT_TURN_BUDGET,
      thinking: options.thinking ?? false,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.tokenCap === undefined ? {} : { tokenCap: options.tokenCap }),
      ...(options.tally === undefined ? {} : { tally: options.tally }),
    });
    clean = !run.timedOut;
    const durationMs = Math.round(performance.now() - began);
    const trajectory = recorder.finish({
      answer: run.answer,
      outcome: run.outcome,
      turn_budget: run.turnBudget,
      turns: run.turns,
      timed_out: run.timedOut,
      started_at: startedAt.toISOString(),
      duration_ms: durationMs,
    });
    return {
      task_id: task.id,
      dir,
      outcome: run.outcome,
      answer: run.answer,
      turns: run.turns,
      tool_calls: trajectory.events.length,
      usage: usageTotals(trajectory),
      duration_ms: durationMs,
      description_tokens: session.descriptionTokens,
      context_cuts: run.contextCuts,
    };
  } finally {
    await servers.release(session, clean);
  }
}
