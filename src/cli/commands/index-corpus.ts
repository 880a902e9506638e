import { buildIndex, DEFAULT_SERVING_CONFIG, loadServingConfig } from '../../product/index.js';
import type { CliCommand } from '../program.js';

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `agent-track index --corpus DIR --out WORKSPACE [--config FILE] [--overlay FILE ...]` */
export const indexCommand: CliCommand = {
  name: 'index',
  describe: (command, io) =>
    command
      .description('index a corpus directory into a workspace bundle the code-search server reads')
      .requiredOption('--corpus <dir>', 'the directory to index')
      .requiredOption('--out <workspace>', 'the workspace directory to write the bundle to')
      .option('--config <file>', 'the serving config', DEFAULT_SERVING_CONFIG)
      .option('--overlay <file>', 'a retrieval overlay merged over the config (repeatable)', collect, [])
      .action((options: { corpus: string; out: string; config: string; overlay: string[] }) => {
        const manifest = buildIndex({
          corpus: options.corpus,
          out: options.out,
          config: loadServingConfig(options.config, options.overlay),
        });
        const { files, pieces, symbols } = manifest.counts;
        io.out(
          `indexed ${files} files (${pieces} pieces, ${symbols} symbols) in ${manifest.build_ms} ms into ${options.out}\n`,
        );
      }),
};
