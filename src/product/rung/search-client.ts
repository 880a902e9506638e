import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AgentTrackError } from '../../core/index.js';
import type { RankedItem } from '../../retrieval/index.js';
import { referenceServerCommand } from '../server/server-command.js';

/** A ranked row as the reference server's `structuredContent` carries it. */
export interface SearchHit extends RankedItem {
  path: string;
  start?: number;
  end?: number;
  name?: string;
  text?: string;
}

export interface SearchClient {
  /** One `search_codebase` call through MCP: its rows and its round trip in ms. */
  search(query: string, limit: number): Promise<{ rows: SearchHit[]; ms: number }>;
  close(): Promise<void>;
}

/**
 * Starts the reference server on a workspace with a serving config and its overlays, and connects
 * a real MCP client over stdio: the free rung measures what an agent would get, through the same
 * protocol, with no model in the loop.
 *
 * @example
 * const client = await connectSearch({ workspace, config: 'configs/serving/default.yaml', overlays: [] });
 * const { rows } = await client.search('where is the cart total', 10);
 */
export async function connectSearch(options: {
  workspace: string;
  config: string;
  overlays: readonly string[];
}): Promise<SearchClient> {
  // The SDK's client side loads on first use, not with every module that imports the product layer.
  const [{ Client }, { StdioClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
  ]);
  const [command, ...args] = referenceServerCommand(options);
  const transport = new StdioClientTransport({ command: command!, args, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const client = new Client({ name: 'agent-track-retrieval-rung', version: '0' });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new AgentTrackError(
      'SERVER_FAILED',
      `The code-search server did not start: ${stderr.trim() || String(error)}`,
      {
        data: { workspace: options.workspace },
        cause: error,
      },
    );
  }
  return {
    async search(query, limit) {
      const began = performance.now();
      const result = (await client.callTool({
        name: 'search_codebase',
        arguments: { query, limit },
      })) as CallToolResult;
      const ms = performance.now() - began;
      if (result.isError) {
        const first = result.content[0];
        const text = first?.type === 'text' ? first.text : 'error';
        throw new AgentTrackError(
          'SEARCH_FAILED',
          `search_codebase refused \`${query.slice(0, 80)}\`: ${text}`,
          {
            data: { query },
          },
        );
      }
      const structured = (result.structuredContent ?? {}) as { rows?: SearchHit[] };
      return { rows: structured.rows ?? [], ms };
    },
    close: () => client.close(),
  };
}
