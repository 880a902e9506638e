import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AgentTrackError } from '../../core/index.js';
import { referenceServerCommand } from '../../product/index.js';
import type { LoadedProduct } from './load-manifest.js';

/** A process to spawn: the MCP server of one rollout, speaking MCP over its stdio. */
export interface ServerCommand {
  command: string;
  args: string[];
  /** Working directory (the product root for a manifest's command). */
  cwd: string;
  /** Extra environment variables (merged over the parent's). */
  env?: Record<string, string>;
}

/**
 * A server over Streamable HTTP: `url` (with `{port}` when agent-track starts `process` on a free
 * port), `headers` as templates (`${NAME}` read from the environment when connecting, so no key is
 * ever held here), `process` the command that starts it (`null`: already running).
 */
export interface HttpServer {
  url: string;
  headers: Record<string, string>;
  process: ServerCommand | null;
}

/** How a rollout reaches its MCP server: a command over stdio, or HTTP. */
export type ServerSpec = ServerCommand | HttpServer;

/** Whether a server spec is reached over HTTP. */
export function isHttpServer(spec: ServerSpec): spec is HttpServer {
  return 'url' in spec;
}

/** What a server command's placeholders are filled with. */
export interface ServeValues {
  config: string;
  /** `{workspace}`: the task's indexed workspace (`null`: none was built). */
  workspace: string | null;
  /** `{corpus}`: the task's corpus directory (`null`: the task names none). */
  corpus?: string | null;
  /** `{tool_docs}`: the tool-docs file to serve (default: the manifest's `artifacts.tool_docs`). */
  toolDocs?: string;
}

/** Every string of a manifest's `serve`: the argv, or the HTTP URL and its command. */
export function serveStrings(product: LoadedProduct): string[] {
  const serve = product.manifest.serve;
  return Array.isArray(serve) ? serve : [serve.url, ...(serve.command ?? [])];
}

/** The argv a manifest's `serve` runs, if any (an HTTP server already running runs none). */
export function serveArgv(product: LoadedProduct): readonly string[] | null {
  const serve = product.manifest.serve;
  return Array.isArray(serve) ? serve : (serve.command ?? null);
}

/** What a manifest's `serve` reads: an indexed `{workspace}`, the `{corpus}` directory. */
export function servedPlaces(product: LoadedProduct): { workspace: boolean; corpus: boolean } {
  const text = serveStrings(product).join('\n');
  return { workspace: text.includes('{workspace}'), corpus: text.includes('{corpus}') };
}

/**
 * The product's `serve` with `{config}`, `{workspace}`, `{corpus}` and `{tool_docs}` filled, run
 * from the product root (`{port}` is left for the connection to fill). `{tool_docs}` is
 * `values.toolDocs`, else the manifest's `artifacts.tool_docs` made absolute; a command using it
 * with neither is refused (`PRODUCT_TOOL_DOCS_MISSING`), as is one using `{workspace}` or `{corpus}`
 * with no value (`PRODUCT_PLACE_MISSING`).
 *
 * @example
 * productServerCommand(loadProduct('.'), { config: 'configs/serving/default.yaml', workspace: '/tmp/ws' });
 * // { command: 'node', args: ['dist/cli/bin.js', 'serve', '--config', 'configs/serving/default.yaml', ...], cwd: '/repo' }
 */
export function productServerCommand(product: LoadedProduct, values: ServeValues): ServerSpec {
  const own = product.manifest.artifacts.tool_docs;
  const toolDocs = values.toolDocs ?? (own === undefined ? undefined : resolve(product.dir, own));
  const place = (name: 'workspace' | 'corpus', value: string | null | undefined): string => {
    if (value !== null && value !== undefined) return value;
    throw new AgentTrackError(
      'PRODUCT_PLACE_MISSING',
      `The product manifest \`${product.file}\` uses \`{${name}}\` in \`serve\`, but the task has no ${
        name === 'corpus' ? 'corpus directory (it names no corpus)' : 'indexed workspace'
      }`,
      { data: { file: product.file, placeholder: name } },
    );
  };
  const fill = (name: string): string => {
    if (name === 'config') return values.config;
    if (name === 'workspace') return place('workspace', values.workspace);
    if (name === 'corpus') return place('corpus', values.corpus);
    if (toolDocs === undefined)
      throw new AgentTrackError(
        'PRODUCT_TOOL_DOCS_MISSING',
        `The product manifest \`${product.file}\` uses \`{tool_docs}\` in \`serve\` but names no \`artifacts.tool_docs\``,
        { data: { file: product.file } },
      );
    return toolDocs;
  };
  const filled = (text: string) =>
    text.replace(/\{(config|workspace|corpus|tool_docs)\}/g, (_, name: string) => fill(name));
  const command = (argv: readonly string[]): ServerCommand => ({
    command: filled(argv[0]!),
    args: argv.slice(1).map(filled),
    cwd: product.dir,
  });
  const serve = product.manifest.serve;
  if (Array.isArray(serve)) return command(serve);
  return {
    url: filled(serve.url),
    headers: { ...serve.headers },
    process: serve.command === undefined ? null : command(serve.command),
  };
}

/**
 * The product's `index` command with `{corpus}`, `{workspace}` and `{config}` filled, run from the
 * product root; `null` when the manifest has none.
 *
 * @example
 * productIndexCommand(loadProduct('.'), { corpus: '/data/shop', workspace: '/tmp/ws', config: '/c.yaml' });
 * // { command: 'node', args: ['dist/cli/bin.js', 'index', '--corpus', '/data/shop', ...], cwd: '/repo' }
 */
export function productIndexCommand(
  product: LoadedProduct,
  values: { corpus: string; workspace: string; config: string },
): ServerCommand | null {
  const argv = product.manifest.index;
  if (argv === undefined) return null;
  const filled = argv.map((arg) =>
    arg.replace(
      /\{(corpus|workspace|config)\}/g,
      (_, name: 'corpus' | 'workspace' | 'config') => values[name],
    ),
  );
  return { command: filled[0]!, args: filled.slice(1), cwd: product.dir };
}

/** The root of the running agent-track package (the embedded default product). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The embedded default server: this package's own reference server (`referenceServerCommand`: the
 * built entry from `dist/`, or the source through tsx), run from the package root; with `http`,
 * started on a free port and reached over Streamable HTTP. `toolDocs` is the tool-docs file it
 * serves (the package's by default).
 *
 * @example
 * embeddedServerCommand({ config: DEFAULT_SERVING_CONFIG, workspace: '/tmp/ws' });
 */
export function embeddedServerCommand(values: ServeValues, options: { http?: boolean } = {}): ServerSpec {
  if (values.workspace === null)
    throw new AgentTrackError(
      'NO_WORKSPACE',
      'The reference server serves an indexed workspace; none was given',
      { data: {} },
    );
  const [command, ...args] = referenceServerCommand({
    workspace: values.workspace,
    config: values.config,
    ...(values.toolDocs === undefined ? {} : { toolDocs: values.toolDocs }),
  });
  const stdio = { command: command!, args, cwd: PACKAGE_ROOT };
  if (options.http !== true) return stdio;
  return {
    url: 'http://127.0.0.1:{port}/mcp',
    headers: {},
    process: { ...stdio, args: [...args, '--port', '{port}'] },
  };
}
