import { collect, existingPath } from '../options.js';
import type { CliCommand } from '../program.js';

interface IndexFlags {
  corpus: string;
  out: string;
  config?: string;
  overlay: string[];
}

/** `agent-track index --corpus DIR --out WORKSPACE [--config FILE] [--overlay FILE ...]` */
export const indexCommand: CliCommand = {
  name: 'index',
  describe: (command, io) =>
    command
      .description('index a corpus directory into a workspace bundle the code-search server reads')
      .requiredOption('--corpus <dir>', 'the directory to index')
      .requiredOption('--out <workspace>', 'the workspace directory to write the bundle to')
      .option(
        '--config <file>',
        "the serving config (default: the package's configs/serving/default.yaml)",
        existingPath('--config', 'file'),
      )
      .option('--overlay <file>', 'a retrieval overlay merged over the config (repeatable)', collect, [])
      .action(async (flags: IndexFlags) => {
        const { buildIndex, DEFAULT_SERVING_CONFIG, embedBundle, loadServingConfig } = await import(
          '../../product/index.js'
        );
        const config = loadServingConfig(flags.config ?? DEFAULT_SERVING_CONFIG, flags.overlay);
        const manifest = buildIndex({ corpus: flags.corpus, out: flags.out, config });
        const { files, pieces, symbols } = manifest.counts;
        io.out(
          `indexed ${files} files (${pieces} pieces, ${symbols} symbols) in ${manifest.build_ms} ms into ${flags.out}\n`,
        );
        // Dense and fused search need the pieces' vectors: embedded now, through the config's endpoint.
        if (config.embeddings !== null && config.hybrid.mode !== 'lexical') {
          const vectors = await embedBundle(flags.out, config.embeddings);
          io.out(
            `embedded ${vectors.pieces} pieces with ${vectors.embedder} (${vectors.dimensions} dimensions${vectors.prompt_tokens === null ? '' : `, ${vectors.prompt_tokens} tokens`}) in ${vectors.build_ms} ms\n`,
          );
        }
      }),
};
