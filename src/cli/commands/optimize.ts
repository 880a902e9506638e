import { invalidOption } from '../../core/errors.js';
import type { CliCommand } from '../program.js';

interface Flags {
  config: string;
  dryRun?: boolean;
  confirmSpend?: boolean;
  maxUsd?: string;
  resume?: string;
  out?: string;
  limit?: string;
  rounds?: string;
  candidates?: string;
  concurrency: string;
  usdPer1mInput?: string;
  usdPer1mOutput?: string;
  proposerUsdPer1mInput?: string;
  proposerUsdPer1mOutput?: string;
  judgeUsdPer1mInput?: string;
  judgeUsdPer1mOutput?: string;
  cacheDir?: string;
  repos?: string;
}

function positive(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw invalidOption(flag, 'a non-negative number', value);
  return n;
}

// A second model's prices, when either flag is given (the other then unknown: a paid run fails closed).
function priced(key: string, prefix: string, input: string | undefined, output: string | undefined) {
  if (input === undefined && output === undefined) return {};
  return {
    [key]: {
      inputPer1m: positive(`${prefix}-usd-per-1m-input`, input) ?? null,
      outputPer1m: positive(`${prefix}-usd-per-1m-output`, output) ?? null,
    },
  };
}

/** `agent-track optimize`: search an axis of the product, accept only on held-out paired wins. */
export const optimizeCommand: CliCommand = {
  name: 'optimize',
  describe: (command, io) =>
    command
      .description(
        'search tool docs, prompts, architecture or retrieval config; accept a candidate only on a held-out paired win (plan only without --dry-run or --confirm-spend)',
      )
      .requiredOption('--config <file>', 'the campaign config (configs/optimize/<axis>.yaml)')
      .option(
        '--dry-run',
        'walk the whole pipeline with the offline policy as model, proposer and judge ($0.00)',
      )
      .option('--confirm-spend', 'run it for real (nothing that costs money runs without this)')
      .option('--max-usd <x>', "a ceiling no booking may cross (default: the config's budgets.max_usd)")
      .option('--resume <run>', 'continue the campaign in this run directory')
      .option('--out <dir>', 'the run directory (default runs/optimize-<axis>-<time>)')
      .option('--limit <n>', 'the first N tasks of each slice')
      .option('--rounds <n>', "at most N rounds (below the config's)")
      .option('--candidates <n>', "at most N candidates per round (below the config's; cuts a whole grid)")
      .option('--concurrency <n>', 'rollouts at once', '2')
      .option('--usd-per-1m-input <x>', "the model's input price, dollars per million tokens")
      .option('--usd-per-1m-output <x>', "the model's output price, dollars per million tokens")
      .option(
        '--proposer-usd-per-1m-input <x>',
        "the proposer model's input price (default: the model's, when it is the same model)",
      )
      .option('--proposer-usd-per-1m-output <x>', "the proposer model's output price")
      .option(
        '--judge-usd-per-1m-input <x>',
        "the judge model's input price (default: the model's, when it is the same model)",
      )
      .option('--judge-usd-per-1m-output <x>', "the judge model's output price")
      .option('--cache-dir <dir>', 'corpus and index cache')
      .option('--repos <dir>', 'local clones of pinned repositories')
      .action(async (flags: Flags) => {
        const { loadCampaignConfig, optimize } = await import('../../optimize/index.js');
        const log = (line: string) => io.out(`${line}\n`);
        const loaded = loadCampaignConfig(flags.config);
        const maxUsd = positive('--max-usd', flags.maxUsd);
        const limit = positive('--limit', flags.limit);
        const rounds = positive('--rounds', flags.rounds);
        const candidates = positive('--candidates', flags.candidates);
        await optimize(loaded, {
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
          concurrency: positive('--concurrency', flags.concurrency) ?? 2,
          prices: {
            inputPer1m: positive('--usd-per-1m-input', flags.usdPer1mInput) ?? null,
            outputPer1m: positive('--usd-per-1m-output', flags.usdPer1mOutput) ?? null,
          },
          ...priced(
            'proposerPrices',
            '--proposer',
            flags.proposerUsdPer1mInput,
            flags.proposerUsdPer1mOutput,
          ),
          ...priced('judgePrices', '--judge', flags.judgeUsdPer1mInput, flags.judgeUsdPer1mOutput),
          log,
        });
      }),
};
