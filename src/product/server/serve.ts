import { openBundle } from '../bundle/open-bundle.js';
import type { ServingConfig } from '../serving/schema.js';
import { createCodeSearchServer } from './create-server.js';
import { LineTransport } from './line-transport.js';
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
  const server = await createCodeSearchServer({
    bundle,
    config: options.config,
    toolDocs,
    ...(options.version ? { version: options.version } : {}),
  });
  // A line it cannot take (too large, not JSON-RPC 2.0, a call without its name) is answered with
  // a JSON-RPC error and the server goes on serving.
  const transport = new LineTransport(process.stdin, process.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  await closed;
  await server.close();
  bundle.close();
}
