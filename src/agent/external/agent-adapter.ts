import { resolve } from 'node:path';
import type { TranscriptFormat } from '../../trajectory/index.js';

/** What one agent run is asked to do. */
export interface AgentRunSpec {
  question: string;
  /** The MCP config file naming the product's server (`with-server`); `null` for `bare`. */
  mcpConfig: string | null;
  /** The server's name in that config (its tools are `mcp__<name>__<tool>`); `null` for `bare`. */
  serverName: string | null;
  /** The agent's model (`--agent-model`); `null`: the agent's default. */
  model: string | null;
  maxTurns: number | null;
  /** A per-run dollar cap the agent enforces itself, when it can; `null`: none. */
  maxBudgetUsd: number | null;
  /** An empty MCP config (no servers), for agents that always need one. */
  emptyMcpConfig: string;
}

/** The transcript formats the importers read (the trajectory layer's list). */
export type { TranscriptFormat } from '../../trajectory/index.js';

/**
 * One headless agent CLI: how to start a run, what its transcript is, and how to probe it. One
 * file per agent (`claude-code.ts`, `command.ts`), selected by name (`selectAgent`).
 */
export interface AgentAdapter {
  readonly name: string;
  /** The executable (a path, or a name looked up on `PATH`). */
  readonly bin: string;
  readonly transcript: TranscriptFormat;
  /** Whether its transcript can carry the run's cost (a `result` line's `total_cost_usd`). */
  readonly reportsCost: boolean;
  /** Whether it enforces `maxBudgetUsd` itself (Claude Code's `--max-budget-usd`). */
  readonly capsBudget: boolean;
  /** The full command line of one run, `bin` first. */
  argv(spec: AgentRunSpec): string[];
  /** The command line printing the agent's version; `null` when it has none. */
  versionArgv(): string[] | null;
  /** A one-token probe capped at $0.01, `bin` first; `null` when the agent cannot be probed. */
  probeArgv(): string[] | null;
}

/**
 * The executable as a run starts it: a path (it holds a slash) made absolute from the current
 * directory, since every run's working directory is a task's corpus; a bare name stays for `PATH`.
 *
 * @example
 * executable('fixtures/bin/fake-claude.mjs'); // '/repo/fixtures/bin/fake-claude.mjs'
 */
export function executable(program: string): string {
  return program.includes('/') ? resolve(program) : program;
}
