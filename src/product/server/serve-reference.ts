import { type ServeOptions, serveStdio } from './serve.js';

/**
 * The reference server's process: stdio until stdin closes, or with `port` Streamable HTTP on
 * 127.0.0.1 until SIGTERM or SIGINT, announcing its URL in one line on stderr
 * (`agent-track: serving MCP over HTTP at http://127.0.0.1:PORT/mcp`).
 *
 * @example
 * await serveReference({ workspace: '/tmp/ws', config, port: 0 });
 */
export async function serveReference(options: ServeOptions & { port?: number }): Promise<void> {
  if (options.port === undefined) return serveStdio(options);
  // Loaded only to serve HTTP: a stdio server, started once per rollout, does not pay for it.
  const { serveHttp } = await import('./serve-http.js');
  const serving = await serveHttp({ ...options, port: options.port });
  process.stderr.write(`agent-track: serving MCP over HTTP at ${serving.url}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  await serving.close();
}
