import { type AgentAdapter, type AgentRunSpec, executable } from './agent-adapter.js';

/** Claude Code's read-only built-in tools, allowed in both arms (headless runs refuse tools not allowed). */
export const CLAUDE_CODE_ALLOWED_TOOLS = ['Read', 'Grep', 'Glob'] as const;

/** The probe's prompt: one word back, so the run costs a fraction of a cent. */
export const PROBE_PROMPT = 'Reply with the single word: ok';

const STREAM = ['--output-format', 'stream-json', '--verbose'];

/**
 * Claude Code headless (`claude -p QUESTION --output-format stream-json --verbose`). Both arms pass
 * `--strict-mcp-config`, so the user's own MCP servers never join a run; `with-server` adds
 * `--mcp-config FILE` and allows the server's tools (`mcp__<name>`) beside Read, Grep and Glob.
 * `--max-budget-usd` carries the per-rollout cap, `--max-turns` and `--model` when given. A `bin`
 * with a slash is made absolute (the agent runs inside each task's corpus).
 *
 * @example
 * claudeCodeAgent('claude').argv({ question: 'Where is tax computed?', mcpConfig: null, ... });
 * // ['claude', '-p', 'Where is tax computed?', '--output-format', 'stream-json', '--verbose', '--strict-mcp-config', '--allowedTools', 'Read,Grep,Glob']
 */
export function claudeCodeAgent(program = 'claude'): AgentAdapter {
  const bin = executable(program);
  return {
    name: 'claude-code',
    bin,
    transcript: 'claude-code',
    reportsCost: true,
    capsBudget: true,
    argv(spec: AgentRunSpec) {
      const allowed: string[] = [...CLAUDE_CODE_ALLOWED_TOOLS];
      const mcp: string[] = [];
      if (spec.mcpConfig !== null && spec.serverName !== null) {
        mcp.push('--mcp-config', spec.mcpConfig);
        allowed.push(`mcp__${spec.serverName}`);
      }
      return [
        bin,
        '-p',
        spec.question,
        ...STREAM,
        '--strict-mcp-config',
        ...mcp,
        '--allowedTools',
        allowed.join(','),
        ...(spec.model === null ? [] : ['--model', spec.model]),
        ...(spec.maxTurns === null ? [] : ['--max-turns', String(spec.maxTurns)]),
        ...(spec.maxBudgetUsd === null ? [] : ['--max-budget-usd', String(spec.maxBudgetUsd)]),
      ];
    },
    versionArgv: () => [bin, '--version'],
    probeArgv: () => [
      bin,
      '-p',
      PROBE_PROMPT,
      ...STREAM,
      '--strict-mcp-config',
      '--max-turns',
      '1',
      '--max-budget-usd',
      '0.01',
    ],
  };
}
