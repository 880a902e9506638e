import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { openBundle } from '../bundle/open-bundle.js';
import { createCodeSearchServer } from './create-server.js';
import type { ServeOptions } from './serve.js';
import { DEFAULT_TOOL_DOCS, loadToolDocs } from './tool-docs.js';
import { toolParameters } from './tools/all-tools.js';

export interface ServeHttpOptions extends ServeOptions {
  /** The port to listen on (`0`: any free one). */
  port: number;
  /** The interface (default `127.0.0.1`: never reachable from another machine unless asked). */
  host?: string;
}

/** A listening reference server: its MCP endpoint and how to stop it. */
export interface HttpServing {
  /** `http://<host>:<port>/mcp` */
  url: string;
  close(): Promise<void>;
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * Serves a workspace's bundle as the reference code-search MCP server over Streamable HTTP at
 * `/mcp`: one session (its own server, the same bundle) per client that initializes, kept by its
 * `mcp-session-id` until the client ends it. Everything that can be refused is checked before it
 * listens, as `serveStdio` does.
 *
 * @example
 * const { url, close } = await serveHttp({ workspace: '/tmp/ws', config, port: 0 });
 * // url: 'http://127.0.0.1:41234/mcp'
 */
export async function serveHttp(options: ServeHttpOptions): Promise<HttpServing> {
  const toolDocs = loadToolDocs(options.toolDocs ?? DEFAULT_TOOL_DOCS, toolParameters());
  const bundle = openBundle(options.workspace, options.config.ingestion);
  // Loaded when a server listens: the SDK's HTTP transport brings Hono and Node's fetch classes
  // (about 50 ms), which every process importing this layer (a plan, an orchestrator, a runner)
  // would otherwise pay for at start.
  const { StreamableHTTPServerTransport } = await import(
    '@modelcontextprotocol/sdk/server/streamableHttp.js'
  );
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const open = async (): Promise<StreamableHTTPServerTransport> => {
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    const server = await createCodeSearchServer({
      bundle,
      config: options.config,
      toolDocs,
      ...(options.version ? { version: options.version } : {}),
    });
    await server.connect(transport);
    return transport;
  };
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/mcp')
      return refuse(res, 404, 'Not found: the MCP endpoint is /mcp');
    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const transport = sessions.get(id);
      if (transport === undefined) return refuse(res, 404, `No session \`${id}\``);
      return transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return refuse(res, 400, 'No session: initialize with a POST first');
    return (await open()).handleRequest(req, res);
  };
  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) refuse(res, 500, error instanceof Error ? error.message : String(error));
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://${host}:${port}/mcp`,
    close: async () => {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
      bundle.close();
    },
  };
}
