import { AgentTrackError, invalidOption } from '../../core/index.js';
import type { AgentAdapter, TranscriptFormat } from './agent-adapter.js';
import { claudeCodeAgent } from './claude-code.js';
import { commandAgent } from './command.js';

/** The agents `--agent` names. */
export const AGENT_NAMES = ['claude-code', 'command'] as const;
export type AgentName = (typeof AGENT_NAMES)[number];

export interface SelectAgentOptions {
  /** `claude-code` only: the executable, overriding `claude` (a fake in tests). */
  bin?: string;
  /** `command` only: the command line with `{question}` and `{mcp_config}`. */
  command?: string;
  /** `command` only: its transcript format (default `claude-code` stream-json). */
  transcript?: TranscriptFormat;
}

/**
 * The adapter an `--agent` name selects.
 *
 * @example
 * selectAgent('claude-code', { bin: 'fixtures/bin/fake-claude.mjs' }).bin; // 'fixtures/bin/fake-claude.mjs'
 */
export function selectAgent(name: string, options: SelectAgentOptions = {}): AgentAdapter {
  if (name === 'claude-code') return claudeCodeAgent(options.bin ?? 'claude');
  if (name === 'command') {
    if (options.command === undefined) {
      throw new AgentTrackError(
        'AGENT_COMMAND_MISSING',
        '`--agent command` needs `--agent-command LINE` (with `{question}`)',
        {
          data: { agent: name },
        },
      );
    }
    const format = options.transcript ?? 'claude-code';
    if (format !== 'claude-code' && format !== 'openai') {
      throw invalidOption('transcript-format', '`claude-code` or `openai`', format);
    }
    return commandAgent(options.command, format);
  }
  throw invalidOption('agent', `one of ${AGENT_NAMES.map((n) => `\`${n}\``).join(', ')}`, name);
}
