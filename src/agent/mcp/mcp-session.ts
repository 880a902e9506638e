import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { AgentTrackError } from '../../core/index.js';
import type { ToolDefinition } from '../llm/providers/chat-provider.js';
import {
  type HttpServer,
  isHttpServer,
  type ServerCommand,
  type ServerSpec,
} from '../manifest/server-command.js';
import { freePort, type HttpProcess, startHttpProcess } from './http-process.js';
import { installedNpx } from './installed-npx.js';
import { type StderrTail, stderrTail } from './stderr-tail.js';
import { toolDescriptionTokens, toToolDefinitions } from './tool-definitions.js';

/** One connected MCP server: its tools, and calls that fail loudly when the server is gone. */
export interface McpSession {
  /** The tools as listed (all pages). */
  readonly tools: readonly Tool[];
  /** The same tools as the model is offered them. */
  readonly definitions: readonly ToolDefinition[];
  /** o200k_base tokens of the definitions (name, description, schema): what each prompt carries. */
  readonly descriptionTokens: number;
  /** The server process id (`null` once it is gone, or for a server agent-track did not start). */
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
  /** Per-request timeout in ms (default 120000); also how long an HTTP server may take to listen. */
  requestTimeoutMs?: number;
  /** Where `${NAME}` in an HTTP server's headers is read (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
}

/** What a connection is made of, whatever the transport. */
interface Link {
  describe: string;
  data: Record<string, unknown>;
  transport: Transport;
  tail: StderrTail;
  pid: () => number | null;
  /** The server went away (its process exited, or a request could not reach it). */
  gone: (error: unknown) => boolean;
  stop: () => Promise<void>;
}

function exitedError(
  link: Pick<Link, 'describe' | 'data'>,
  stderr: string,
  cause: unknown,
  starting: boolean,
) {
  const what = starting ? 'failed to start' : 'exited mid-run';
  const tail =
    stderr.trim().length > 0
      ? `; its stderr ends with:\n${stderr.trimEnd()}`
      : '; it wrote nothing to stderr';
  const reason = starting && cause instanceof Error && stderr.trim() === '' ? ` (${cause.message})` : '';
  return new AgentTrackError(
    starting ? 'MCP_SERVER_START_FAILED' : 'MCP_SERVER_EXITED',
    `The MCP server \`${link.describe}\` ${what}${reason}${tail}`,
    { data: { ...link.data, stderr }, cause },
  );
}

// The SDK's client side (with the JSON-schema validator it builds on) loads on the first
// connection, not with every module that imports this one: a plan, which connects to nothing,
// never compiles it.
let clientSdk: Promise<ClientSdk> | undefined;
type ClientSdk = Awaited<ReturnType<typeof importClientSdk>>;
async function importClientSdk() {
  const [client, stdio, http, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return {
    Client: client.Client,
    StdioClientTransport: stdio.StdioClientTransport,
    getDefaultEnvironment: stdio.getDefaultEnvironment,
    StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
    McpError: types.McpError,
    ErrorCode: types.ErrorCode,
  };
}

function stdioLink(command: ServerCommand, options: ConnectOptions, sdk: ClientSdk): Link {
  const { StdioClientTransport, getDefaultEnvironment } = sdk;
  // Described as written; a pinned npx whose version is installed runs as npx would run it.
  const run = installedNpx(command) ?? command;
  const transport = new StdioClientTransport({
    command: run.command,
    args: run.args,
    cwd: run.cwd,
    env: { ...getDefaultEnvironment(), ...run.env },
    stderr: 'pipe',
  });
  return {
    describe: [command.command, ...command.args].join(' '),
    data: { command: command.command, args: command.args, cwd: command.cwd },
    transport,
    tail: stderrTail(transport.stderr, options.stderrTailBytes ?? 2048),
    pid: () => transport.pid,
    gone: () => false,
    stop: async () => {},
  };
}

/**
 * An HTTP server's request headers with each `${NAME}` read from `env`; an unset variable is
 * refused by name (the value is never written anywhere).
 *
 * @example
 * httpHeaders({ Authorization: 'Bearer ${CTX_KEY}' }, { CTX_KEY: 'k' }, 'https://mcp.example/mcp'); // { Authorization: 'Bearer k' }
 */
export function httpHeaders(
  headers: Readonly<Record<string, string>>,
  env: Readonly<Record<string, string | undefined>>,
  url: string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, template]) => [
      name,
      template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, variable: string) => {
        const value = env[variable];
        if (value !== undefined && value !== '') return value;
        throw new AgentTrackError(
          'MCP_HEADER_ENV_MISSING',
          `The \`${name}\` header of the MCP server at \`${url}\` reads the environment variable \`${variable}\`, which is not set`,
          { data: { url, header: name, env: variable } },
        );
      }),
    ]),
  );
}

async function httpLink(spec: HttpServer, options: ConnectOptions, sdk: ClientSdk): Promise<Link> {
  const { StreamableHTTPClientTransport } = sdk;
  const uses = (text: string) => text.includes('{port}');
  const needsPort = uses(spec.url) || (spec.process?.args.some(uses) ?? false);
  const port = needsPort ? String(await freePort()) : '';
  const fill = (text: string) => text.replaceAll('{port}', port);
  const url = fill(spec.url);
  const command = spec.process === null ? null : { ...spec.process, args: spec.process.args.map(fill) };
  const describe = command === null ? url : `${[command.command, ...command.args].join(' ')} (at ${url})`;
  const data = {
    url,
    ...(command === null ? {} : { command: command.command, args: command.args, cwd: command.cwd }),
  };
  const headers = httpHeaders(spec.headers, options.env ?? process.env, url);
  let server: HttpProcess | null = null;
  if (command !== null) {
    try {
      server = await startHttpProcess(
        command,
        new URL(url),
        options.requestTimeoutMs ?? 120_000,
        options.stderrTailBytes ?? 2048,
      );
    } catch (error) {
      const stderr = (error as { stderr?: unknown }).stderr;
      throw exitedError({ describe, data }, typeof stderr === 'string' ? stderr : '', error, true);
    }
  }
  const unreachable = (error: unknown) =>
    error instanceof TypeError || (error instanceof Error && /ECONNREFUSED|fetch failed/.test(error.message));
  return {
    describe,
    data,
    transport: new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
    tail: server?.tail ?? stderrTail(null),
    pid: () => server?.pid ?? null,
    gone: (error) => server?.exited === true || unreachable(error),
    stop: async () => {
      await server?.stop();
    },
  };
}

/**
 * Connects an MCP client to a server and lists its tools: a command spawned and spoken to over its
 * stdio, or Streamable HTTP at a URL (its command, if any, started first on a free `{port}` and
 * stopped on close; headers filled from the environment). A spawned server gets only the SDK's
 * safe environment (PATH, HOME, ...) plus `command.env`, so no model key ever reaches it.
 *
 * @example
 * const session = await connectMcpServer(embeddedServerCommand({ config, workspace }));
 * const result = await session.call('search_codebase', { query: 'cart total' });
 * await session.close();
 */
export async function connectMcpServer(spec: ServerSpec, options: ConnectOptions = {}): Promise<McpSession> {
  clientSdk ??= importClientSdk();
  const sdk = await clientSdk;
  const { Client, McpError, ErrorCode } = sdk;
  const link = isHttpServer(spec) ? await httpLink(spec, options, sdk) : stdioLink(spec, options, sdk);
  const client = new Client({ name: 'agent-track', version: '0.1.0' });
  let alive = true;
  let closing = false;
  client.onclose = () => {
    alive = false;
  };
  const timeout = options.requestTimeoutMs ?? 120_000;
  const fail = async (error: unknown, starting: boolean): Promise<never> => {
    await link.tail.settled(500);
    throw exitedError(link, link.tail.text(), error, starting);
  };
  let tools: Tool[] = [];
  try {
    await client.connect(link.transport, { timeout });
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout });
      tools = tools.concat(page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
  } catch (error) {
    await client.close().catch(() => {});
    await link.stop();
    return fail(error, true);
  }
  const definitions = toToolDefinitions(tools);
  return {
    tools,
    definitions,
    descriptionTokens: toolDescriptionTokens(definitions),
    get alive() {
      return alive && !link.gone(undefined);
    },
    get pid() {
      return link.pid();
    },
    call: async (name, args, callOptions = {}) => {
      if (!alive || link.gone(undefined)) return fail(new Error('the connection is closed'), false);
      // The SDK leaves its abort listener on the signal it is given: each call gets its own signal,
      // tied to the rollout's for as long as the call runs, so a long rollout adds none that stay.
      const outer = callOptions.signal;
      const own = outer === undefined ? undefined : new AbortController();
      const forward = () => own?.abort(outer?.reason);
      if (outer?.aborted) forward();
      else outer?.addEventListener('abort', forward, { once: true });
      try {
        return (await client.callTool({ name, arguments: args }, undefined, {
          timeout,
          ...(own === undefined ? {} : { signal: own.signal }),
        })) as CallToolResult;
      } catch (error) {
        // A dead server surfaces as a closed connection (stdio) or an unreachable URL (HTTP);
        // anything else (an unknown tool, a bad argument the server refused) is the call's own error.
        const closed = error instanceof McpError && error.code === ErrorCode.ConnectionClosed;
        if ((!alive || closed || link.gone(error)) && !closing) return fail(error, false);
        throw error;
      } finally {
        outer?.removeEventListener('abort', forward);
      }
    },
    stderr: () => link.tail.text(),
    close: async () => {
      closing = true;
      await client.close();
      await link.stop();
    },
  };
}
