import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type CallToolResult, ErrorCode, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { AgentTrackError } from '../../core/index.js';
import type { ToolDefinition } from '../llm/providers/chat-provider.js';
import type { ServerCommand } from '../manifest/server-command.js';
import { stderrTail } from './stderr-tail.js';
import { toolDescriptionTokens, toToolDefinitions } from './tool-definitions.js';

/** One connected MCP server: its tools, and calls that fail loudly when the server is gone. */
export interface McpSession {
  /** The tools as listed (all pages). */
  readonly tools: readonly Tool[];
  /** The same tools as the model is offered them. */
  readonly definitions: readonly ToolDefinition[];
  /** o200k_base tokens of the definitions (name, description, schema): what each prompt carries. */
  readonly descriptionTokens: number;
  /** The server process id (`null` once it is gone). */
  readonly pid: number | null;
  /** False once the server process has exited or the connection closed. */
  readonly alive: boolean;
  /**
   * Calls a tool. An MCP error result (`isError`) is returned, not thrown; a server that died
   * throws `MCP_SERVER_EXITED` with its stderr tail.
   */
  call(
    name: string,
    args: Record<string, unknown>,
    options?: { signal?: AbortSignal },
  ): Promise<CallToolResult>;
  stderr(): string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** Bytes of stderr kept for error messages (default 2048). */
  stderrTailBytes?: number;
  /** Per-request timeout in ms (default 120000). */
  requestTimeoutMs?: number;
}

function describeCommand(command: ServerCommand): string {
  return [command.command, ...command.args].join(' ');
}

function exitedError(
  command: ServerCommand,
  stderr: string,
  cause: unknown,
  starting: boolean,
): AgentTrackError {
  const what = starting ? 'failed to start' : 'exited mid-run';
  const tail =
    stderr.trim().length > 0
      ? `; its stderr ends with:\n${stderr.trimEnd()}`
      : '; it wrote nothing to stderr';
  return new AgentTrackError(
    starting ? 'MCP_SERVER_START_FAILED' : 'MCP_SERVER_EXITED',
    `The MCP server \`${describeCommand(command)}\` ${what}${tail}`,
    { data: { command: command.command, args: command.args, cwd: command.cwd, stderr }, cause },
  );
}

/**
 * Spawns a server command and connects an MCP client over its stdio, then lists its tools. The
 * server gets only the SDK's safe environment (PATH, HOME, ...) plus `command.env`, so no model
 * key ever reaches it.
 *
 * @example
 * const session = await connectMcpServer(embeddedServerCommand({ config, workspace }));
 * const result = await session.call('search_codebase', { query: 'cart total' });
 * await session.close();
 */
export async function connectMcpServer(
  command: ServerCommand,
  options: ConnectOptions = {},
): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: command.command,
    args: command.args,
    cwd: command.cwd,
    env: { ...getDefaultEnvironment(), ...command.env },
    stderr: 'pipe',
  });
  const tail = stderrTail(transport.stderr, options.stderrTailBytes ?? 2048);
  const client = new Client({ name: 'agent-track', version: '0.1.0' });
  let alive = true;
  let closing = false;
  client.onclose = () => {
    alive = false;
  };
  const timeout = options.requestTimeoutMs ?? 120_000;
  const fail = async (error: unknown, starting: boolean): Promise<never> => {
    await tail.settled(500);
    throw exitedError(command, tail.text(), error, starting);
  };
  let tools: Tool[] = [];
  try {
    await client.connect(transport, { timeout });
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout });
      tools = tools.concat(page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
  } catch (error) {
    await client.close().catch(() => {});
    return fail(error, true);
  }
  const definitions = toToolDefinitions(tools);
  return {
    tools,
    definitions,
    descriptionTokens: toolDescriptionTokens(definitions),
    get alive() {
      return alive;
    },
    get pid() {
      return transport.pid;
    },
    call: async (name, args, callOptions = {}) => {
      if (!alive) return fail(new Error('the connection is closed'), false);
      try {
        return (await client.callTool({ name, arguments: args }, undefined, {
          timeout,
          ...(callOptions.signal === undefined ? {} : { signal: callOptions.signal }),
        })) as CallToolResult;
      } catch (error) {
        // A dead server surfaces as a closed connection; anything else (an unknown tool, a bad
        // argument the server refused at the protocol level) is the call's own error.
        const closed = error instanceof McpError && error.code === ErrorCode.ConnectionClosed;
        if ((!alive || closed) && !closing) return fail(error, false);
        throw error;
      }
    },
    stderr: () => tail.text(),
    close: async () => {
      closing = true;
      await client.close();
    },
  };
}
