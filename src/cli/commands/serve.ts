import { packageVersion } from '../../core/package-version.js';
import {
  DEFAULT_SERVING_CONFIG,
  DEFAULT_TOOL_DOCS,
  loadServingConfig,
  serveStdio,
} from '../../product/index.js';
import type { CliCommand } from '../program.js';

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `agent-track serve --workspace DIR [--config FILE] [--overlay FILE ...] [--tool-docs FILE]` */
export const serveCommand: CliCommand = {
  name: 'serve',
  describe: (command) =>
    command
      .description('serve an indexed workspace as the reference code-search MCP server over stdio')
      .requiredOption('--workspace <dir>', 'the workspace an `index` run wrote')
      .option(
        '--config <file>',
        'the serving config (must match the one the bundle was built with)',
        DEFAULT_SERVING_CONFIG,
      )
      .option('--overlay <file>', 'a retrieval overlay merged over the config (repeatable)', collect, [])
      .option('--tool-docs <file>', 'the tool descriptions agents see', DEFAULT_TOOL_DOCS)
      .action(async (options: { workspace: string; config: string; overlay: string[]; toolDocs: string }) => {
        await serveStdio({
          workspace: options.workspace,
          config: loadServingConfig(options.config, options.overlay),
          toolDocs: options.toolDocs,
          version: packageVersion(),
        });
      }),
};
