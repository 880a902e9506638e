import { invalidOption } from '../../core/index.js';
import { importedTaskDir } from '../../trajectory/index.js';
import { refuseClobberDirectory } from '../clobber.js';
import {
  type AgentRunFlags,
  agentRunOptions,
  assertSpendConfirmed,
  directoryOrNew,
  existingPath,
} from '../options.js';
import type { CliCommand } from '../program.js';

interface AskFlags extends AgentRunFlags {
  corpus: string;
  model: string;
  llmBlock?: string;
  confirmSpend?: boolean;
  endpointUrl?: string;
  out?: string;
  force?: boolean;
  config?: string;
  product?: string;
  cacheDir?: string;
}

/** `agent-track ask "QUESTION" --corpus DIR --model M [--llm-block FILE]`: one answer and its trajectory. */
export const askCommand: CliCommand = {
  name: 'ask',
  describe: (command, io) =>
    agentRunOptions(command, 'time limit')
      .description(
        'answer one question about a corpus with the agent; prints the answer and the trajectory path',
      )
      .argument('<question>', 'the question')
      .requiredOption('--corpus <dir>', 'the directory to answer from (indexed once into the cache)')
      .requiredOption('--model <model>', 'the model name; `offline` needs no key and no block')
      .option('--llm-block <file>', 'the LLM block; required unless --model offline')
      .option('--endpoint-url <url>', "replaces the block's base_url")
      .option('--confirm-spend', 'call the model: anything but --model offline may cost money')
      .option('--out <dir>', 'run directory for the trajectory (default: a fresh temp dir)')
      .option('--force', "replace the trajectory an earlier ask left in --out's tasks/ask/")
      .option('--config <file>', 'the serving config', existingPath('--config', 'file'))
      .option('--product <dir>', 'the product root (default: the embedded reference product)')
      .option(
        '--cache-dir <dir>',
        'where the corpus is indexed (default $AGENT_TRACK_CACHE or ~/.cache/agent-track)',
        directoryOrNew('--cache-dir'),
      )
      .action(async (question: string, flags: AskFlags) => {
        if (question.trim() === '')
          throw invalidOption('<question>', 'a question with words in it', question);
        assertSpendConfirmed('ask', flags);
        // `askQuestion` records its one rollout as the task `ask`: an earlier answer's trajectory
        // there is replaced only with --force, and refused before the corpus is indexed.
        if (flags.out !== undefined)
          refuseClobberDirectory('--out', flags.out, importedTaskDir(flags.out, 'ask'), {
            force: flags.force === true,
          });
        // Loaded when the command runs, so `serve` does not pay for the agent layer.
        const { askQuestion } = await import('../../agent/index.js');
        const result = await askQuestion({
          question,
          corpus: flags.corpus,
          model: flags.model,
          architecture: flags.architecture,
          turnBudget: flags.turnBudget,
          timeoutMs: Math.round(flags.timeoutSeconds * 1000),
          ...(flags.llmBlock === undefined ? {} : { llmBlock: flags.llmBlock }),
          ...(flags.endpointUrl === undefined ? {} : { endpointUrl: flags.endpointUrl }),
          ...(flags.out === undefined ? {} : { out: flags.out }),
          ...(flags.config === undefined ? {} : { config: flags.config }),
          ...(flags.product === undefined ? {} : { product: flags.product }),
          ...(flags.cacheDir === undefined ? {} : { cacheDir: flags.cacheDir }),
        });
        if (result.offline)
          io.out('model: offline policy (a deterministic stand-in for a model, not a model)\n');
        io.out(`${result.answer ?? `(no answer: ${result.outcome})`}\n`);
        io.out(
          `outcome: ${result.outcome}; ${result.turns} turns, ${result.tool_calls} tool calls, ${result.duration_ms} ms\n`,
        );
        io.out(`trajectory: ${result.dir}\n`);
      }),
};
