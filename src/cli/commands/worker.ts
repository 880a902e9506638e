import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { QueueTarget } from '../../core/index.js';
import { directoryOrNew, positiveInteger, positiveNumber, queueUrl } from '../options.js';
import type { CliCommand } from '../program.js';
import { selfCommand } from '../self-command.js';

interface Flags {
  queue: QueueTarget;
  repo?: string;
  concurrency: number;
  name?: string;
  llmBlock?: string;
  cacheDir?: string;
  repos?: string;
  workDir?: string;
  lockSeconds: number;
}

/**
 * `agent-track worker --queue redis://HOST:PORT/DB [--repo DIR] [--concurrency N]`: runs the
 * rollouts campaigns put on the queue (`before-after --queue`), on this machine, until stopped.
 */
export const workerCommand: CliCommand = {
  name: 'worker',
  describe: (command, io) =>
    command
      .description("run campaigns' rollouts from a Redis queue (before-after --queue) on this machine")
      .requiredOption('--queue <url>', 'the Redis queue, redis://HOST:PORT/DB', queueUrl('--queue'))
      .option('--repo <dir>', "the product repository (default: the job's own, when it is on this machine)")
      .option('--concurrency <n>', 'jobs at once', positiveInteger('--concurrency'), 1)
      .option('--name <name>', 'this worker on the progress line (default <host>-<pid>)')
      .option('--llm-block <file>', 'refuse jobs whose LLM block is not this one')
      .option('--cache-dir <dir>', 'corpus, index and install cache', directoryOrNew('--cache-dir'))
      .option('--repos <dir>', 'local clones of pinned repositories')
      .option(
        '--work-dir <dir>',
        "the worker's worktrees and job scratch (default <cache-dir>/workers/<name>)",
      )
      .option(
        '--lock-seconds <s>',
        "how long a job's lock holds unrenewed: a killed worker's job runs elsewhere after it",
        positiveNumber('--lock-seconds'),
        30,
      )
      .action(async (flags: Flags) => {
        const { resolveCacheDir } = await import('../../core/index.js');
        const { runWorker } = await import('../../optimize/index.js');
        const cacheDir = resolveCacheDir(flags.cacheDir);
        const { hostname } = await import('node:os');
        const name = flags.name ?? `${hostname()}-${process.pid}`;
        const stop = new AbortController();
        const onSignal = () => {
          if (stop.signal.aborted) process.exit(130);
          stop.abort();
        };
        process.on('SIGINT', onSignal);
        process.on('SIGTERM', onSignal);
        const tally = await runWorker({
          target: flags.queue,
          repo: flags.repo === undefined ? null : resolve(flags.repo),
          concurrency: flags.concurrency,
          cacheDir,
          reposDir: flags.repos ?? join(cacheDir, 'repos'),
          // Each worker its own: two on one machine never share a worktree or a scratch directory.
          workDir: resolve(flags.workDir ?? join(cacheDir, 'workers', encodeURIComponent(name))),
          installCache: join(cacheDir, 'installs'),
          harness: selfCommand('harness'),
          ownRoot: fileURLToPath(new URL('../../../', import.meta.url)),
          name,
          ...(flags.llmBlock === undefined ? {} : { llmBlock: resolve(flags.llmBlock) }),
          lockMs: Math.round(flags.lockSeconds * 1000),
          log: (line) => io.err(`${line}\n`),
          signal: stop.signal,
        }).finally(() => {
          process.off('SIGINT', onSignal);
          process.off('SIGTERM', onSignal);
        });
        io.out(`${tally.done} job(s) run, ${tally.refused} refused\n`);
      }),
};
