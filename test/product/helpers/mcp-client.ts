import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { selfCommand } from '../../../src/cli/self-command.js';
import { ROOT } from './workspace.js';

/** The CLI as the code under test starts it (`selfCommand`: this source's built twin, else tsx). */
export const CLI = selfCommand();

export interface ServerConnection {
  client: Client;
  call: (name: string, args: Record<string, unknown>) => Promise<CallToolResult & { text: string }>;
  stderr: () => string;
  close: () => Promise<void>;
}

/** Spawns `agent-track serve` with the given arguments and connects a real MCP client over stdio. */
export async function connectServer(args: readonly string[]): Promise<ServerConnection> {
  const transport = new StdioClientTransport({
    command: CLI[0],
    args: [...CLI.slice(1), 'serve', ...args],
    cwd: ROOT,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'agent-track-test', version: '0.0.0' });
  await client.connect(transport);
  return {
    client,
    call: async (name, callArgs) => {
      const result = (await client.callTool({ name, arguments: callArgs })) as CallToolResult;
      const first = result.content[0];
      return { ...result, text: first?.type === 'text' ? first.text : '' };
    },
    stderr: () => stderr,
    close: () => client.close(),
  };
}
