import type { Command } from 'commander';
import type { QueueTarget } from '../../core/index.js';
import type { BeforeAfterOptions, DetectSpec } from '../../optimize/index.js';
import { decisionRule } from '../../report/index.js';
import { refuseRunFile } from '../clobber.js';
import {
  detectSpec,
  directoryOrNew,
  dollars,
  existingPath,
  integer,
  margins,
  modelPriceOptions,
  nonNegativeInteger,
  nonNegativeNumber,
  positiveInteger,
  queueUrl,
  ruleMetric,
  spendingOption,
} from '../options.js';
import type { CliIo } from '../program.js';
import { selfCommand } from '../self-command.js';

/** The flags before-after and the gate share. */
export interface BeforeAfterFlags {
  retryFailed?: boolean;
  split?: string;
  llmBlock?: string;
  model: string;
  config?: string;
  workspace?: string;
  limit?: number;
  repeats?: number;
  pilot?: number;
  varianceFrom?: string;
  detect?: DetectSpec;
  looks?: number;
  margin?: Record<string, number>;
  primary?: string;
  guard?: string[];
  spending?: 'obrien-fleming' | 'pocock';
  temperature?: number;
  seed?: number;
  confirmSpend?: boolean;
  buildIndexes?: boolean;
  maxUsd?: number;
  concurrency: number;
  queue?: QueueTarget;
  repo?: string;
  out?: string;
  turnBudget?: number;
  callsPerTurn?: number;
  contextTokensPerTurn?: number;
  outputTokensPerTurn?: number;
  usdPer1mInput?: number;
  usdPer1mOutput?: number;
  usdPer1mEmbed?: number;
  cacheDir?: string;
  repos?: string;
  runLog?: string;
  evalConfig?: string;
}

// The offline stand-in's sampling, when asked for (`beforeAfter` refuses it for a real model).
const standIn = (flags: { temperature?: number; seed?: number }) =>
  flags.temperature === undefined && flags.seed === undefined
    ? {}
    : {
        standIn: {
          ...(flags.temperature === undefined ? {} : { temperature: flags.temperature }),
          ...(flags.seed === undefined ? {} : { seed: flags.seed }),
        },
      };

/** Declares the options before-after and the gate share (all but the two revisions, --out and --report-only). */
export function beforeAfterOptions(command: Command): Command {
  return spendingOption(modelPriceOptions(command))
    .option(
      '--eval-config <file>',
      'a YAML file holding the evaluation a team commits next to its code (split, model, llm_block, limit, repeats, primary, guards, margins, max_usd, concurrency); a flag given here wins',
      existingPath('--eval-config', 'file'),
    )
    .option('--split <dataset/slice>', 'e.g. fixture-code/small_test')
    .option(
      '--model <name>',
      'the model both arms use (offline: the deterministic offline policy)',
      'offline',
    )
    .option('--llm-block <file>', 'the LLM block both arms send (required unless --model offline)')
    .option(
      '--config <file>',
      'a serving config both arms use instead of their own',
      existingPath('--config', 'file'),
    )
    .option(
      '--workspace <dir>',
      'the indexed workspace for tasks that name no corpus',
      existingPath('--workspace', 'directory'),
    )
    .option('--limit <n>', 'the first N tasks', positiveInteger('--limit'))
    .option(
      '--repeats <k>',
      'rollouts per task per arm (the paired unit stays the task)',
      positiveInteger('--repeats'),
    )
    .option(
      '--pilot <n>',
      'run the first N tasks first and print what the campaign can detect',
      positiveInteger('--pilot'),
    )
    .option('--variance-from <run>', "an earlier run whose paired differences give the plan's power")
    .option(
      '--detect <x>',
      'a change to detect, for every headline row (0.2, or 10% of its baseline mean) or one (needless_call_rate=0.1, usage.prompt=10%): the plan names the tasks each row needs; repeatable',
      detectSpec,
    )
    .option(
      '--primary <metric>',
      'the row the verdict decides on, moved its better way (default needless_call_rate)',
      ruleMetric('--primary'),
    )
    .option(
      '--guard <metric>',
      'a row that fails the change when significantly worse; repeatable, and replaces the default guards (tool_calls_to_first_gold, needle_reached)',
      (text: string, previous: string[] = []) => [...previous, ruleMetric('--guard')(text)],
    )
    .option(
      '--margin <metric=value>',
      'test a guard row for non-inferiority at this margin (a success needs it), any other row for equivalence within it; repeatable',
      margins('--margin'),
    )
    .option(
      '--looks <k>',
      'analyse the primary row after each of K equal batches and stop at a group-sequential boundary (default 1: the fixed design); the plan prints the looks, their boundaries and the expected spend',
      positiveInteger('--looks'),
    )
    .option(
      '--temperature <t>',
      "the offline stand-in's sampling temperature (0: deterministic); a real model's is in its LLM block",
      nonNegativeNumber('--temperature'),
    )
    .option('--seed <n>', "the offline stand-in's seed (repeat k draws with seed + k - 1)", integer('--seed'))
    .option('--confirm-spend', 'run it (nothing that costs money runs without this)')
    .option('--build-indexes', 'build missing corpus indexes first (their estimate comes off --max-usd)')
    .option('--max-usd <x>', 'a ceiling no booking may cross', dollars('--max-usd'))
    .option('--concurrency <n>', 'rollouts at once', positiveInteger('--concurrency'), 2)
    .option(
      '--queue <url>',
      'run the rollouts as jobs on this Redis queue (redis://HOST:PORT/DB) for `agent-track worker`s; --concurrency is then the jobs in flight',
      queueUrl('--queue'),
    )
    .option(
      '--retry-failed',
      'run again the rollouts an earlier run of this campaign excluded (failed twice)',
    )
    .option('--repo <dir>', 'the product repository (default: the current directory)')
    .option(
      '--turn-budget <n>',
      'assumed and enforced turns per rollout (default 12)',
      positiveInteger('--turn-budget'),
    )
    .option(
      '--calls-per-turn <n>',
      'assumed tool calls per turn (default 2)',
      positiveInteger('--calls-per-turn'),
    )
    .option(
      '--context-tokens-per-turn <n>',
      'assumed context tokens per turn',
      nonNegativeInteger('--context-tokens-per-turn'),
    )
    .option(
      '--output-tokens-per-turn <n>',
      'assumed output tokens per turn',
      positiveInteger('--output-tokens-per-turn'),
    )
    .option(
      '--usd-per-1m-embed <x>',
      'embedding price for missing indexes, dollars per million tokens',
      dollars('--usd-per-1m-embed'),
    )
    .option('--cache-dir <dir>', 'corpus, index and install cache', directoryOrNew('--cache-dir'))
    .option(
      '--run-log <file>',
      "the run log to append the arms' records to (default: the cache directory's runs.jsonl)",
    )
    .option('--repos <dir>', 'local clones of pinned repositories');
}

/**
 * Runs a before-after (or a gate, through `run`) from the shared flags: the run log refused when it
 * names a run's file, an interrupt stopping the rollouts (a second one kills), the result returned.
 */
export async function runBeforeAfterFlags<T>(
  flags: BeforeAfterFlags,
  io: CliIo,
  revisions: { baseline: string; candidate: string; out?: string },
  run: (options: BeforeAfterOptions) => Promise<T>,
): Promise<T> {
  // The run log is appended to: never one of a run's own files (its ledger, its report).
  if (flags.runLog !== undefined) refuseRunFile('--run-log', flags.runLog);
  // A guard that is the primary, or named twice, is refused before any work.
  const rule =
    flags.primary === undefined && flags.guard === undefined
      ? undefined
      : decisionRule({
          ...(flags.primary === undefined ? {} : { primary: flags.primary }),
          ...(flags.guard === undefined ? {} : { guards: flags.guard }),
        });
  // An interrupt stops the rollouts, reports what finished and exits 3; a second one kills.
  const interrupt = new AbortController();
  const onInterrupt = () => {
    if (interrupt.signal.aborted) process.exit(130);
    io.err('agent-track: interrupted: stopping the rollouts, writing what finished (Ctrl-C again to kill)\n');
    interrupt.abort();
  };
  process.on('SIGINT', onInterrupt);
  return await run({
    signal: interrupt.signal,
    harness: selfCommand('harness'),
    baseline: revisions.baseline,
    candidate: revisions.candidate,
    split: flags.split!,
    model: flags.model,
    ...(flags.llmBlock ? { llmBlock: flags.llmBlock } : {}),
    ...(flags.config ? { config: flags.config } : {}),
    ...(flags.workspace ? { workspace: flags.workspace } : {}),
    ...(flags.limit === undefined ? {} : { limit: flags.limit }),
    ...(flags.repeats === undefined ? {} : { repeats: flags.repeats }),
    ...(flags.pilot === undefined ? {} : { pilot: flags.pilot }),
    ...(flags.varianceFrom === undefined ? {} : { varianceFrom: flags.varianceFrom }),
    ...(flags.detect === undefined ? {} : { detect: flags.detect }),
    ...(flags.looks === undefined ? {} : { looks: flags.looks }),
    ...(flags.margin === undefined ? {} : { margins: flags.margin }),
    ...(rule === undefined ? {} : { rule }),
    ...(flags.spending === undefined ? {} : { spending: flags.spending }),
    ...standIn(flags),
    ...(flags.repo ? { repo: flags.repo } : {}),
    ...(revisions.out ? { dir: revisions.out } : {}),
    ...(flags.cacheDir ? { cacheDir: flags.cacheDir } : {}),
    ...(flags.repos ? { reposDir: flags.repos } : {}),
    ...(flags.runLog ? { runLog: flags.runLog } : {}),
    confirmSpend: flags.confirmSpend === true,
    buildIndexes: flags.buildIndexes === true,
    maxUsd: flags.maxUsd ?? null,
    concurrency: flags.concurrency,
    ...(flags.queue === undefined ? {} : { queue: flags.queue }),
    ...(flags.retryFailed === true ? { retryFailed: true } : {}),
    ...(flags.turnBudget === undefined ? {} : { turnBudget: flags.turnBudget }),
    ...(flags.callsPerTurn === undefined ? {} : { callsPerTurn: flags.callsPerTurn }),
    ...(flags.contextTokensPerTurn === undefined ? {} : { contextTokensPerTurn: flags.contextTokensPerTurn }),
    ...(flags.outputTokensPerTurn === undefined ? {} : { outputTokensPerTurn: flags.outputTokensPerTurn }),
    prices: {
      inputPer1m: flags.usdPer1mInput ?? null,
      outputPer1m: flags.usdPer1mOutput ?? null,
      embedPer1m: flags.usdPer1mEmbed ?? null,
    },
    log: (line: string) => io.out(`${line}\n`),
    progress: process.stderr,
  }).finally(() => process.off('SIGINT', onInterrupt));
}
