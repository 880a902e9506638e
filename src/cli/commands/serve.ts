import { collect, existingPath, nonNegativeInteger } from '../options.js';
import type { CliCommand } from '../program.js';

interface ServeFlags {
  workspace: string;
  config?: string;
  overlay: string[];
  toolDocs?: string;
  port?: number;
}

/** `agent-track serve --workspace DIR [--config FILE] [--overlay FILE ...] [--tool-docs FILE] [--port N]` */
export const serveCommand: CliCommand = {
  name: 'serve',
  describe: (command) =>
    command
      .description(
        'serve an indexed workspace as the reference code-search MCP server over stdio (or Streamable HTTP with --port)',
      )
      .requiredOption(
        '--workspace <dir>',
        'the workspace an `index` run wrote',
        existingPath('--workspace', 'directory'),
      )
      .option(
        '--config <file>',
        "the serving config, which must match the one the bundle was built with (default: the package's configs/serving/default.yaml)",
        existingPath('--config', 'file'),
      )
      .option('--overlay <file>', 'a retrieval overlay merged over the config (repeatable)', collect, [])
      .option(
        '--tool-docs <file>',
        "the tool descriptions agents see (default: the package's configs/product/tool_docs.yaml)",
      )
      .option(
        '--port <n>',
        'serve Streamable HTTP at http://127.0.0.1:N/mcp instead of stdio (0: any free port), until SIGTERM',
        nonNegativeInteger('--port', 65535),
      )
      .action(async (flags: ServeFlags) => {
        // The server's own entry: a server starts once per rollout, so it loads no more than it serves.
        const { DEFAULT_SERVING_CONFIG, DEFAULT_TOOL_DOCS, loadServingConfig, serveReference } = await import(
          '../../product/server/index.js'
        );
        const { packageVersion } = await import('../../core/index.js');
        await serveReference({
          workspace: flags.workspace,
          config: loadServingConfig(flags.config ?? DEFAULT_SERVING_CONFIG, flags.overlay),
          toolDocs: flags.toolDocs ?? DEFAULT_TOOL_DOCS,
          version: packageVersion(),
          ...(flags.port === undefined ? {} : { port: flags.port }),
        });
      }),
};
