import { Option } from 'commander';
import type { QueueTarget } from '../../core/index.js';
import { directoryOrNew, dollars, existingPath, positiveInteger, queueUrl } from '../options.js';
import type { CliCommand } from '../program.js';

interface Flags {
  config: string;
  dryRun?: boolean;
  confirmSpend?: boolean;
  maxUsd?: number;
  resume?: string;
  out?: string;
  limit?: number;
  rounds?: number;
  repeats?: number;
  candidates?: number;
  concurrency: number;
  usdPer1mInput?: number;
  usdPer1mOutput?: number;
  proposerUsdPer1mInput?: number;
  proposerUsdPer1mOutput?: number;
  judgeUsdPer1mInput?: number;
  judgeUsdPer1mOutput?: number;
  cacheDir?: string;
  repos?: string;
  queue?: QueueTarget;
}

// A second model's prices, when either flag is given (the other then unknown: a paid run fails closed).
function priced(key: string, input: number | undefined, output: number | undefined) {
  if (input === undefined && output === undefined) return {};
  return { [key]: { inputPer1m: input ?? null, outputPer1m: output ?? null } };
}

/** `agent-track optimize`: search an axis of the product, accept only on held-out paired wins. */
export const optimizeCommand: CliCommand = {
  name: 'optimize',
  describe: (command, io) =>
    command
      .description(
        'search tool docs, prompts, architecture or retrieval config; accept a candidate only on a held-out paired win (plan only without --dry-run or --confirm-spend)',
      )
      .requiredOption(
        '--config <file>',
        'the campaign config (configs/optimize/<axis>.yaml)',
        existingPath('--config', 'file'),
      )
      .addOption(
        new Option(
          '--dry-run',
          'walk the whole pipeline with the offline policy as model, proposer and judge ($0.00)',
        ).conflicts('confirmSpend'),
      )
      .option('--confirm-spend', 'run it for real (nothing that costs money runs without this)')
      .option(
        '--max-usd <x>',
        "a ceiling no booking may cross (default: the config's budgets.max_usd)",
        dollars('--max-usd'),
      )
      .option('--resume <run>', 'continue the campaign in this run directory')
      .option('--out <dir>', 'the run directory (default runs/optimize-<axis>-<time>)')
      .option('--limit <n>', 'the first N tasks of each slice', positiveInteger('--limit'))
      .option('--rounds <n>', "at most N rounds (below the config's)", positiveInteger('--rounds'))
      .option(
        '--repeats <k>',
        "rollouts per task per candidate (instead of the config's `repeats`)",
        positiveInteger('--repeats'),
      )
      .option(
        '--candidates <n>',
        "at most N candidates per round (below the config's; cuts a whole grid)",
        positiveInteger('--candidates'),
      )
      .option(
        '--concurrency <n>',
        'rollouts at once (with --queue: the jobs in flight)',
        positiveInteger('--concurrency'),
        2,
      )
      .option(
        '--queue <url>',
        'run the rollouts as jobs on this Redis queue (redis://HOST:PORT/DB) for `agent-track worker`s (see docs/queue.md)',
        queueUrl('--queue'),
      )
      .option(
        '--usd-per-1m-input <x>',
        "the model's input price, dollars per million tokens",
        dollars('--usd-per-1m-input'),
      )
      .option(
        '--usd-per-1m-output <x>',
        "the model's output price, dollars per million tokens",
        dollars('--usd-per-1m-output'),
      )
      .option(
        '--proposer-usd-per-1m-input <x>',
        "the proposer model's input price (default: the model's, when it is the same model)",
        dollars('--proposer-usd-per-1m-input'),
      )
      .option(
        '--proposer-usd-per-1m-output <x>',
        "the proposer model's output price",
        dollars('--proposer-usd-per-1m-output'),
      )
      .option(
        '--judge-usd-per-1m-input <x>',
        "the judge model's input price (default: the model's, when it is the same model)",
        dollars('--judge-usd-per-1m-input'),
      )
      .option(
        '--judge-usd-per-1m-output <x>',
        "the judge model's output price",
        dollars('--judge-usd-per-1m-output'),
      )
      .option('--cache-dir <dir>', 'corpus and index cache', directoryOrNew('--cache-dir'))
      .option('--repos <dir>', 'local clones of pinned repositories')
      .action(async (flags: Flags) => {
        const { incompleteRun, loadCampaignConfig, optimize } = await import('../../optimize/index.js');
        const log = (line: string) => io.out(`${line}\n`);
        const config = loadCampaignConfig(flags.config);
        const loaded =
          flags.repeats === undefined
            ? config
            : { ...config, config: { ...config.config, repeats: flags.repeats } };
        const { maxUsd, limit, rounds, candidates } = flags;
        const result = await optimize(loaded, {
          dryRun: flags.dryRun === true,
          confirmSpend: flags.confirmSpend === true,
          ...(maxUsd === undefined ? {} : { maxUsd }),
          ...(limit === undefined ? {} : { limit }),
          ...(rounds === undefined ? {} : { rounds }),
          ...(candidates === undefined ? {} : { candidates }),
          ...(flags.resume ? { resume: flags.resume } : {}),
          ...(flags.out ? { out: flags.out } : {}),
          ...(flags.cacheDir ? { cacheDir: flags.cacheDir } : {}),
          ...(flags.repos ? { reposDir: flags.repos } : {}),
          concurrency: flags.concurrency,
          ...(flags.queue === undefined ? {} : { queue: flags.queue }),
          prices: { inputPer1m: flags.usdPer1mInput ?? null, outputPer1m: flags.usdPer1mOutput ?? null },
          ...priced('proposerPrices', flags.proposerUsdPer1mInput, flags.proposerUsdPer1mOutput),
          ...priced('judgePrices', flags.judgeUsdPer1mInput, flags.judgeUsdPer1mOutput),
          log,
        });
        // The money stops a campaign as a round limit would: its result is written, and it exits 3.
        const end =
          result === null
            ? null
            : incompleteRun({ stoppedBy: result.stopped_by, outcome: null, dir: result.dir });
        if (end !== null) throw end;
      }),
};
