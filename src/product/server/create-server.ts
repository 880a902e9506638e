import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AgentTrackError } from '../../core/index.js';
import type { Bundle } from '../bundle/open-bundle.js';
import { denseSearcher } from '../embed/dense-searcher.js';
import { rerankClient } from '../embed/rerank-client.js';
import type { ServingConfig } from '../serving/schema.js';
import { createCorpusReader } from './corpus-reader.js';
import { capBytes } from './numbered-lines.js';
import { pointerLine } from './pointers.js';
import type { ToolContext, ToolDefinition } from './tool.js';
import type { ToolDocs } from './tool-docs.js';
import { ALL_TOOLS } from './tools/all-tools.js';

export interface CodeSearchServerOptions {
  bundle: Bundle;
  config: ServingConfig;
  toolDocs: ToolDocs;
  /** The name and version the server reports in the MCP handshake. */
  version?: string;
}

/**
 * Runs one tool call and renders it: the text (capped at `response.max_bytes`) ends with the
 * pointer lines when pointers are on, and `structuredContent` carries identifiers, rows and the
 * rest. A refused call (an AgentTrackError) becomes an MCP error result naming what was wrong.
 *
 * @example
 * const result = await callTool(context, searchCodebaseTool, { query: 'discount' });
 * result.structuredContent?.rows;
 */
export async function callTool(
  context: ToolContext,
  tool: ToolDefinition,
  args: unknown,
): Promise<CallToolResult> {
  try {
    const output = await tool.run(context, args as never);
    const { response } = context.config;
    let text = capBytes(output.text, response.max_bytes);
    const pointers = response.pointers ? output.pointers : [];
    if (pointers.length > 0) text += `\n\n${pointers.map(pointerLine).join('\n')}`;
    const structured = response.pointers ? { ...output.structured, pointers } : output.structured;
    return { content: [{ type: 'text', text }], structuredContent: structured };
  } catch (error) {
    if (!(error instanceof AgentTrackError)) throw error;
    return {
      content: [{ type: 'text', text: error.message }],
      structuredContent: { identifiers: [], error: { code: error.code, message: error.message } },
      isError: true,
    };
  }
}

/**
 * The reference code-search MCP server over one opened bundle: seven tools whose descriptions and
 * parameter docs come from the tool-docs file. Connect it to a transport to serve. The SDK's server
 * side loads here, on first use, not with every module that imports the product layer: a plan
 * never serves, and never compiles it.
 *
 * @example
 * const server = await createCodeSearchServer({ bundle, config, toolDocs: loadToolDocs() });
 * await server.connect(new StdioServerTransport());
 */
export async function createCodeSearchServer(options: CodeSearchServerOptions): Promise<McpServer> {
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
  const server = new McpServer({ name: 'agent-track-code-search', version: options.version ?? '0.0.0' });
  const context: ToolContext = {
    bundle: options.bundle,
    config: options.config,
    reader: createCorpusReader(options.bundle),
    dense: denseSearcher(options.bundle.workspace, options.config),
    rerank:
      options.config.rerank === null
        ? null
        : { client: rerankClient(options.config.rerank), topN: options.config.rerank.top_n, timeouts: 0 },
  };
  for (const tool of ALL_TOOLS) {
    const docs = options.toolDocs[tool.name];
    server.registerTool(
      tool.name,
      { description: docs.description.trim(), inputSchema: tool.schema(docs.parameters) },
      async (args: unknown) => callTool(context, tool, args),
    );
  }
  return server;
}
