import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { AgentTrackError } from '../../core/index.js';
import { openBundle } from '../bundle/open-bundle.js';
import type { ServingConfig } from '../serving/schema.js';
import { createCodeSearchServer } from './create-server.js';
import { DEFAULT_TOOL_DOCS, loadToolDocs } from './tool-docs.js';
import { toolParameters } from './tools/all-tools.js';

export interface ServeOptions {
  workspace: string;
  config: ServingConfig;
  /** The tool-docs YAML; the package's `configs/product/tool_docs.yaml` by default. */
  toolDocs?: string;
  version?: string;
}

/**
 * Serves a workspace's bundle over MCP stdio until stdin closes. Everything that can be refused
 * (the bundle, its config hash, the tool docs) is checked before the transport starts.
 *
 * @example
 * await serveStdio({ workspace: '/tmp/ws', config: loadServingConfig('configs/serving/default.yaml') });
 */
export async function serveStdio(options: ServeOptions): Promise<void> {
  const toolDocs = loadToolDocs(options.toolDocs ?? DEFAULT_TOOL_DOCS, toolParameters());
  const bundle = openBundle(options.workspace, options.config.ingestion);
  const server = createCodeSearchServer({
    bundle,
    config: options.config,
    toolDocs,
    ...(options.version ? { version: options.version } : {}),
  });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  // The SDK closes the transport on a message past its buffer (10 MB) and says nothing: kept here,
  // so the server exits non-zero naming it instead of exiting 0 as if stdin had ended.
  let failure: Error | null = null;
  const reported = transport.onerror;
  transport.onerror = (error: Error) => {
    if (/exceeded maximum size/.test(error.message)) failure ??= error;
    reported?.(error);
  };
  await closed;
  await server.close();
  bundle.close();
  if (failure !== null)
    throw new AgentTrackError(
      'MCP_MESSAGE_TOO_LARGE',
      `A message over the stdio transport's limit closed it: ${(failure as Error).message}; the server stopped`,
    );
}
