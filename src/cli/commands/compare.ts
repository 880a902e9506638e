import { COMPARE_ROW_KEYS } from '../../report/index.js';
import { refuseRunFile } from '../clobber.js';
import {
  directoryOrNew,
  dollars,
  existingPath,
  margins,
  modelPriceOptions,
  positiveInteger,
  ruleMetric,
  spendingOption,
} from '../options.js';
import type { CliCommand } from '../program.js';
import { selfCommand } from '../self-command.js';

interface Flags {
  config: string;
  model: string;
  llmBlock?: string;
  out?: string;
  limit?: number;
  confirmSpend?: boolean;
  maxUsd?: number;
  concurrency: number;
  usdPer1mInput?: number;
  usdPer1mOutput?: number;
  cacheDir?: string;
  runLog?: string;
  repos?: string;
  margin?: Record<string, number>;
  looks?: number;
  spending?: 'obrien-fleming' | 'pocock';
  primary?: string;
}

/** `agent-track compare`: one split against N systems, each against a reference system. */
export const compareCommand: CliCommand = {
  name: 'compare',
  describe: (command, io) =>
    spendingOption(modelPriceOptions(command))
      .description(
        'run one split against N systems (products, pinned packages, URLs, repos at a commit) and report each against a reference (plan only without --confirm-spend)',
      )
      .requiredOption(
        '--config <file>',
        'the comparison config (configs/compare/*.yaml)',
        existingPath('--config', 'file'),
      )
      .option(
        '--model <name>',
        'the model every system uses (offline: the deterministic offline policy)',
        'offline',
      )
      .option('--llm-block <file>', 'the LLM block every system sends (required unless --model offline)')
      .option('--out <dir>', 'the run directory (default runs/compare-<name>)')
      .option('--limit <n>', 'the first N tasks', positiveInteger('--limit'))
      .option('--confirm-spend', 'run it (nothing that costs money runs without this)')
      .option('--max-usd <x>', 'a ceiling no booking may cross', dollars('--max-usd'))
      .option('--concurrency <n>', 'rollouts at once', positiveInteger('--concurrency'), 2)
      .option('--cache-dir <dir>', 'corpus, index and install cache', directoryOrNew('--cache-dir'))
      .option(
        '--run-log <file>',
        "the run log to append each system's record to (default: the cache directory's runs.jsonl)",
      )
      .option('--repos <dir>', 'local clones of pinned repositories')
      .option(
        '--margin <metric=value>',
        "test each system against the reference at this margin: no worse than it by VALUE on a row with a direction, within ±VALUE on one without; repeatable, over the config's margins",
        margins('--margin', COMPARE_ROW_KEYS),
      )
      .option(
        '--looks <k>',
        'run the tasks in K equal batches; after each, test each system against the reference on the primary row and stop once every system has crossed a group-sequential boundary (default 1: the fixed design)',
        positiveInteger('--looks'),
      )
      .option(
        '--primary <metric>',
        'the row the looks decide on (default needle_reached)',
        ruleMetric('--primary'),
      )
      .action(async (flags: Flags) => {
        // The run log is appended to: never one of a run's own files (its ledger, its report).
        if (flags.runLog !== undefined) refuseRunFile('--run-log', flags.runLog);
        const { compareSystems } = await import('../../optimize/index.js');
        const log = (line: string) => io.out(`${line}\n`);
        const result = await compareSystems({
          config: flags.config,
          model: flags.model,
          harness: selfCommand('harness'),
          ...(flags.llmBlock ? { llmBlock: flags.llmBlock } : {}),
          ...(flags.out ? { out: flags.out } : {}),
          ...(flags.limit === undefined ? {} : { limit: flags.limit }),
          ...(flags.cacheDir ? { cacheDir: flags.cacheDir } : {}),
          ...(flags.repos ? { reposDir: flags.repos } : {}),
          ...(flags.runLog ? { runLog: flags.runLog } : {}),
          ...(flags.margin === undefined ? {} : { margins: flags.margin }),
          ...(flags.looks === undefined ? {} : { looks: flags.looks }),
          ...(flags.spending === undefined ? {} : { spending: flags.spending }),
          ...(flags.primary === undefined ? {} : { primary: flags.primary }),
          confirmSpend: flags.confirmSpend === true,
          maxUsd: flags.maxUsd ?? null,
          concurrency: flags.concurrency,
          prices: { inputPer1m: flags.usdPer1mInput ?? null, outputPer1m: flags.usdPer1mOutput ?? null },
          log,
          progress: process.stderr,
        });
        if (result.report) {
          const reached = Object.entries(result.report.needle_reached)
            .map(([name, mean]) => `${name} ${mean === null ? 'n/a' : mean.toFixed(3)}`)
            .join(', ');
          log(
            `\ngold reached: ${reached}${result.report.offline ? ' (offline policy, a stand-in for a model)' : ''}`,
          );
          for (const margin of result.report.margins ?? []) log(`margin: ${margin.line}`);
          if (result.report.looks) log(`looks: ${result.report.looks.line}`);
          for (const file of result.files) log(`wrote ${file}`);
        }
      }),
};
