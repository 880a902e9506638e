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

/** What a manifest's `serve` reads: an indexed `{workspace}`, the `{corpus}` directory. */
export function servedPlaces(product: LoadedProduct): { workspace: boolean; corpus: boolean } {
  const text = product.manifest.serve.join('\n');
  return { workspace: text.includes('{workspace}'), corpus: text.includes('{corpus}') };
}

/**
 * The product's `serve` command with `{config}`, `{workspace}`, `{corpus}` and `{tool_docs}`
 * filled, run from the product root. `{tool_docs}` is `values.toolDocs`, else the manifest's
 * `artifacts.tool_docs` made absolute; a command using it with neither is refused
 * (`PRODUCT_TOOL_DOCS_MISSING`), as is one using `{workspace}` or `{corpus}` with no value
 * (`PRODUCT_PLACE_MISSING`).
 *
 * @example
 * productServerCommand(loadProduct('.'), { config: 'configs/serving/default.yaml', workspace: '/tmp/ws' });
 * // { command: 'node', args: ['dist/cli/bin.js', 'serve', '--config', 'configs/serving/default.yaml', ...], cwd: '/repo' }
 */
export function productServerCommand(product: LoadedProduct, values: ServeValues): ServerCommand {
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
  const filled = product.manifest.serve.map((arg) =>
    arg.replace(/\{(config|workspace|corpus|tool_docs)\}/g, (_, name: string) => fill(name)),
  );
  return { command: filled[0]!, args: filled.slice(1), cwd: product.dir };
}

/** The root of the running agent-track package (the embedded default product). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The embedded default server: this package's own reference server (`referenceServerCommand`: the
 * built entry from `dist/`, or the source through tsx), run from the package root. `toolDocs` is
 * the tool-docs file it serves (the package's by default).
 *
 * @example
 * embeddedServerCommand({ config: DEFAULT_SERVING_CONFIG, workspace: '/tmp/ws' });
 */
export function embeddedServerCommand(values: ServeValues): ServerCommand {
  if (values.workspace === null)
    throw new AgentTrackError(
      'NO_WORKSPACE',
      'The reference server serves an indexed workspace; none was given',
      {
        data: {},
      },
    );
  const [command, ...args] = referenceServerCommand({
    workspace: values.workspace,
    config: values.config,
    ...(values.toolDocs === undefined ? {} : { toolDocs: values.toolDocs }),
  });
  return { command: command!, args, cwd: PACKAGE_ROOT };
}
