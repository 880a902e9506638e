import { AgentTrackError } from '../../core/index.js';
import { type AgentAdapter, executable, type TranscriptFormat } from './agent-adapter.js';

/** The placeholders a `--agent-command` line may use. */
export const COMMAND_PLACEHOLDERS = ['{question}', '{mcp_config}'] as const;

/**
 * Splits a command line into words: whitespace separates, single and double quotes group (no
 * escapes inside single quotes; `\` escapes the next character elsewhere). No shell is involved.
 *
 * @example
 * splitCommandLine(`my-agent --ask "{question}" --mcp '{mcp_config}'`); // ['my-agent', '--ask', '{question}', '--mcp', '{mcp_config}']
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote === "'") {
      if (ch === "'") quote = null;
      else word += ch;
    } else if (ch === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line[++i];
    } else if (quote === '"') {
      if (ch === '"') quote = null;
      else word += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      word ??= '';
    } else if (/\s/.test(ch)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word = (word ?? '') + ch;
    }
  }
  if (quote !== null) {
    throw new AgentTrackError(
      'INVALID_OPTION',
      `The \`--agent-command\` line has an unclosed ${quote} quote: \`${line}\``,
      {
        data: { option: 'agent-command', received: line },
      },
    );
  }
  if (word !== null) words.push(word);
  return words;
}

/**
 * A user-given agent command line: `{question}` is replaced by the question and `{mcp_config}` by
 * the MCP config file (for `bare`, a config with no servers, so one command line serves both arms),
 * inside any word. Its stdout is the transcript, in `format`. A line without `{question}` is refused.
 *
 * @example
 * commandAgent('my-agent --ask {question} --mcp {mcp_config}', 'openai').argv(spec);
 */
export function commandAgent(line: string, format: TranscriptFormat = 'claude-code'): AgentAdapter {
  const words = splitCommandLine(line);
  if (words.length === 0 || !words.some((word) => word.includes('{question}'))) {
    throw new AgentTrackError(
      'INVALID_OPTION',
      `Expected the \`--agent-command\` option to be a command line using \`{question}\`, got \`${line}\``,
      { data: { option: 'agent-command', received: line } },
    );
  }
  words[0] = executable(words[0]!);
  return {
    name: 'command',
    bin: words[0]!,
    transcript: format,
    reportsCost: format === 'claude-code',
    capsBudget: false,
    argv: (spec) =>
      words.map((word) =>
        word
          .replaceAll('{question}', spec.question)
          .replaceAll('{mcp_config}', spec.mcpConfig ?? spec.emptyMcpConfig),
      ),
    versionArgv: () => null,
    probeArgv: () => null,
  };
}
