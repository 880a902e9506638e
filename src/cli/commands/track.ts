import { join } from 'node:path';
import { AgentTrackError, type QueueTarget } from '../../core/index.js';
import { TRANSCRIPT_FORMATS } from '../../trajectory/index.js';
import { refuseClobber } from '../clobber.js';
import {
  collect,
  directoryOrNew,
  dollars,
  existingPath,
  integer,
  oneOf,
  positiveInteger,
  queueUrl,
  scoreDifference,
  timeoutSeconds,
} from '../options.js';
import type { CliCommand, CliIo } from '../program.js';

interface TrackFlags {
  agent: string;
  agentBin?: string;
  agentCommand?: string;
  transcriptFormat: 'claude-code' | 'openai';
  dataset?: string;
  split?: string;
  maxTasks?: number;
  maxUsd?: number;
  usdPerRollout?: number;
  confirmSpend?: boolean;
  report?: string;
  force?: boolean;
  out?: string;
  preflight?: boolean;
  product?: string;
  config?: string;
  cacheDir?: string;
  reposDir?: string;
  judgeModel: string;
  judgeLlmBlock?: string;
  judgeEndpointUrl?: string;
  judgeUsdPerCall?: number;
  timeoutSeconds: number;
  attempts: number;
  repeats?: number;
  tolerance: number;
  seed: number;
  agentModel?: string;
  maxTurns?: number;
  keyEnv: string[];
  minFreeMb: number;
  concurrency: number;
  queue?: QueueTarget;
}

async function track(flags: TrackFlags, io: CliIo): Promise<void> {
  const out = flags.out ?? 'runs/track';
  // Its own report (`OUT/report.md`) is the track's to rewrite; any other file only with --force.
  if (flags.report !== undefined)
    refuseClobber('--report', flags.report, { force: flags.force === true, own: join(out, 'report.md') });
  const { runPreflight, runTrack } = await import('../../optimize/index.js');
  const { selectAgent } = await import('../../agent/index.js');
  const agentOptions = {
    ...(flags.agentBin === undefined ? {} : { bin: flags.agentBin }),
    ...(flags.agentCommand === undefined ? {} : { command: flags.agentCommand }),
    transcript: flags.transcriptFormat,
  };
  const agent = selectAgent(flags.agent, agentOptions);
  const common = {
    ...(flags.product === undefined ? {} : { product: flags.product }),
    ...(flags.config === undefined ? {} : { config: flags.config }),
    ...(flags.cacheDir === undefined ? {} : { cacheDir: flags.cacheDir }),
  };
  if (flags.preflight === true) {
    const checks = await runPreflight({
      agent,
      out,
      minFreeMb: flags.minFreeMb,
      confirmSpend: flags.confirmSpend === true,
      ...common,
    });
    for (const check of checks) io.out(`${check.line}\n`);
    const failed = checks.filter((c) => c.status === 'fail');
    if (failed.length > 0) {
      throw new AgentTrackError(
        'PREFLIGHT_FAILED',
        `preflight: ${failed.length} check(s) failed (${failed.map((c) => c.check).join(', ')})`,
        {
          data: { failed: failed.map((c) => c.check) },
        },
      );
    }
    return;
  }
  if (flags.dataset === undefined || flags.split === undefined) {
    throw new AgentTrackError(
      'TRACK_SPLIT_MISSING',
      '`agent-track track` needs `--dataset D --split S` (or `--preflight`)',
      {
        data: {},
      },
    );
  }
  const { loadSplit } = await import('../../retrieval/index.js');
  const { resolveCacheDir } = await import('../../core/index.js');
  const { loadLlmBlock } = await import('../../agent/index.js');
  const split = `${flags.dataset}/${flags.split}`;
  const reposDir = flags.reposDir ?? join(resolveCacheDir(flags.cacheDir), 'repos');
  const loaded = await loadSplit(split, { reposDir });
  const limit = flags.maxTasks ?? loaded.tasks.length;
  const result = await runTrack({
    agent,
    split,
    tasks: loaded.tasks.slice(0, limit),
    out,
    ...common,
    reposDir,
    judge: {
      model: flags.judgeModel,
      ...(flags.judgeLlmBlock === undefined ? {} : { block: loadLlmBlock(flags.judgeLlmBlock).block }),
      ...(flags.judgeEndpointUrl === undefined ? {} : { endpointUrl: flags.judgeEndpointUrl }),
      usdPerCall: flags.judgeUsdPerCall ?? null,
    },
    usdPerRollout: flags.usdPerRollout ?? null,
    maxUsd: flags.maxUsd ?? null,
    confirmSpend: flags.confirmSpend === true,
    timeoutMs: Math.round(flags.timeoutSeconds * 1000),
    attempts: flags.attempts,
    ...(flags.repeats === undefined ? {} : { repeats: flags.repeats }),
    tolerance: flags.tolerance,
    seed: flags.seed,
    agentModel: flags.agentModel ?? null,
    maxTurns: flags.maxTurns ?? null,
    keyEnv: flags.keyEnv,
    ...(flags.report === undefined ? {} : { reportFile: flags.report }),
    concurrency: flags.concurrency,
    ...(flags.queue === undefined
      ? {}
      : {
          queue: {
            target: flags.queue,
            // `selectAgent` took the name: it is one of the adapters a worker selects the same way.
            agent: { name: flags.agent as 'claude-code' | 'command', options: agentOptions },
          },
        }),
    onLine: (text) => io.out(`${text}\n`),
  });
  if (result.stopped?.type === 'TRACK_COST_UNREPORTED') {
    throw new AgentTrackError(result.stopped.type, result.stopped.message, {
      data: { ledger: result.ledger },
    });
  }
  // A ceiling stop is exit 3, a finished track without a verdict 4 (its report is written either way).
  if (result.ran) {
    const { incompleteRun } = await import('../../optimize/index.js');
    const end = incompleteRun({
      stoppedBy: result.stopped?.type === 'SpendCeiling' ? 'ceiling' : null,
      outcome: result.report?.report.verdict.outcome ?? null,
      dir: out,
    });
    if (end !== null) throw end;
  }
}

/**
 * `agent-track track`: an external coding agent with its own tools (`bare`) against the same agent
 * with the product's MCP server attached (`with-server`), judged blind; `--preflight` checks the
 * machine first.
 */
export const trackCommand: CliCommand = {
  name: 'track',
  describe: (command, io) =>
    command
      .description(
        "an external agent CLI, bare vs with the product's MCP server, judged blind; prints the plan unless --confirm-spend",
      )
      .option('--agent <name>', '`claude-code` or `command`', 'claude-code')
      .option('--agent-bin <path>', 'claude-code: the executable (default `claude` on PATH)')
      .option('--agent-command <line>', 'command: the command line, with {question} and {mcp_config}')
      .option(
        '--transcript-format <format>',
        'command: its stdout format, `claude-code`, `openai` or `otel` (OTLP JSON spans)',
        oneOf('--transcript-format', TRANSCRIPT_FORMATS),
        'claude-code',
      )
      .option('--dataset <name>', 'a registered dataset, loader:FILE, or a tasks.jsonl path')
      .option('--split <slice>', 'all, dev, test, small_dev or small_test')
      .option('--max-tasks <n>', 'the first N tasks of the split', positiveInteger('--max-tasks'))
      .option(
        '--max-usd <usd>',
        'ceiling over the whole track, across resumed runs (fails closed)',
        dollars('--max-usd'),
      )
      .option(
        '--usd-per-rollout <usd>',
        'booking per rollout; claude-code gets it as --max-budget-usd',
        dollars('--usd-per-rollout'),
      )
      .option('--confirm-spend', 'run (without it the plan is printed and nothing runs)')
      .option('--report <file>', 'where report.md goes (default OUT/report.md)')
      .option('--force', "write --report over a file that exists (never over a run's own files)")
      .option('--out <dir>', 'the track directory (ledger, transcripts, trajectories, report)', 'runs/track')
      .option(
        '--preflight',
        'check the agent CLI, a $0.01 probe (with --confirm-spend), the MCP config and the disk',
      )
      .option('--product <dir>', 'the product root (default: the embedded reference product)')
      .option(
        '--config <file>',
        "the serving config passed to the product's server",
        existingPath('--config', 'file'),
      )
      .option('--cache-dir <dir>', 'corpora and indexes cache', directoryOrNew('--cache-dir'))
      .option('--repos-dir <dir>', 'local clones of pinned repositories')
      .option(
        '--judge-model <model>',
        'the judge model; `offline` scores by cited-path overlap (not a model)',
        'offline',
      )
      .option('--judge-llm-block <file>', "the judge's LLM block (required unless offline)")
      .option('--judge-endpoint-url <url>', "replaces the judge block's base_url")
      .option(
        '--judge-usd-per-call <usd>',
        'booking per judge call (needed with --max-usd)',
        dollars('--judge-usd-per-call'),
      )
      .option('--timeout-seconds <s>', 'per rollout', timeoutSeconds('--timeout-seconds'), 600)
      .option(
        '--attempts <n>',
        'attempts per arm before a task is discarded',
        positiveInteger('--attempts'),
        2,
      )
      .option(
        '--repeats <k>',
        'rollout pairs per task, each judged (the paired unit stays the task)',
        positiveInteger('--repeats'),
      )
      .option(
        '--tolerance <score>',
        'largest judge-score difference (0..10) counted as parity',
        scoreDifference('--tolerance'),
        1,
      )
      .option('--seed <n>', "the judge's answer-order seed", integer('--seed'), 0)
      .option(
        '--concurrency <n>',
        "tasks in flight at once (each task's two arms one after the other)",
        positiveInteger('--concurrency'),
        1,
      )
      .option(
        '--queue <url>',
        'run the rollouts as jobs on this Redis queue (redis://HOST:PORT/DB) for `agent-track worker`s, which need the agent (see docs/queue.md)',
        queueUrl('--queue'),
      )
      .option('--agent-model <model>', "the agent's own model flag")
      .option('--max-turns <n>', "the agent's turn cap", positiveInteger('--max-turns'))
      .option(
        '--key-env <name>',
        'an environment variable holding a key, cut from every file (repeatable)',
        collect,
        ['ANTHROPIC_API_KEY'],
      )
      .option('--min-free-mb <mb>', 'preflight: disk headroom needed', positiveInteger('--min-free-mb'), 1024)
      .action((flags: TrackFlags) => track(flags, io)),
};
