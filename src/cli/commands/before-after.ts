import type { Command } from 'commander';
import { AgentTrackError, type QueueTarget } from '../../core/index.js';
import { queueUrl } from '../options.js';
import type { CliCommand } from '../program.js';
import { type BeforeAfterFlags, beforeAfterOptions, runBeforeAfterFlags } from './before-after-flags.js';
import { withEvalConfig } from './eval-config.js';

interface Flags extends Omit<BeforeAfterFlags, 'split'> {
  split?: string;
  baseline?: string;
  candidate?: string;
  reportOnly?: string;
  out?: string;
}

/** `agent-track before-after`: did one change make the agent's calls more needed? */
export const beforeAfterCommand: CliCommand = {
  name: 'before-after',
  describe: (command, io) =>
    beforeAfterOptions(
      command
        .description(
          'run a split through the harness at two commits and report the paired difference (plan only without --confirm-spend)',
        )
        .option('--baseline <rev>', 'the commit before the change')
        .option('--candidate <rev>', 'the commit with the change')
        .option('--report-only <run>', 're-derive the report of a run directory from its files')
        .option('--out <dir>', 'the campaign directory (default runs/<split>-<baseline>-<candidate>)'),
    ).action(async (given: Flags, command: Command) => {
      const flags = withEvalConfig(given, command);
      const { beforeAfter, incompleteRun, writeBeforeAfterReport } = await import('../../optimize/index.js');
      const log = (line: string) => io.out(`${line}\n`);
      if (flags.reportOnly) {
        const written = await writeBeforeAfterReport(flags.reportOnly);
        log(written.report.verdict.line);
        for (const file of written.files) log(`wrote ${file}`);
        return;
      }
      for (const [name, value] of [
        ['--baseline', flags.baseline],
        ['--candidate', flags.candidate],
        ['--split', flags.split],
      ] as const) {
        if (value === undefined)
          throw new AgentTrackError('INVALID_OPTION', `\`${name}\` is required (unless --report-only)`, {
            data: { option: name },
          });
      }
      const result = await runBeforeAfterFlags(
        { ...flags, split: flags.split! },
        io,
        { baseline: flags.baseline!, candidate: flags.candidate!, ...(flags.out ? { out: flags.out } : {}) },
        beforeAfter,
      );
      if (result.report) {
        log(`\n${result.report.verdict.line}`);
        for (const file of result.files) log(`wrote ${file}`);
        const end = incompleteRun({
          stoppedBy: result.stoppedBy,
          outcome: result.report.verdict.outcome ?? null,
          dir: result.dir,
        });
        if (end !== null) throw end;
      }
    }),
};

/** `agent-track demo`: the main job on the embedded default, no key and no network. */
export const demoCommand: CliCommand = {
  name: 'demo',
  describe: (command, io) =>
    command
      .description(
        'a complete before-after on a product made on the fly, with the offline policy as the model',
      )
      .option('--out <dir>', 'the campaign directory', 'runs/demo')
      .option('--split <dataset/slice>', 'the split', 'fixture-code/small_test')
      .option(
        '--queue <url>',
        'run the rollouts as jobs on this Redis queue for `agent-track worker`s (see docs/queue.md)',
        queueUrl('--queue'),
      )
      .action(async (flags: { out: string; split: string; queue?: QueueTarget }) => {
        const { runDemo } = await import('../../optimize/index.js');
        const log = (line: string) => io.out(`${line}\n`);
        const began = Date.now();
        const result = await runDemo({
          source: process.cwd(),
          out: flags.out,
          split: flags.split,
          ...(flags.queue === undefined ? {} : { queue: flags.queue }),
          log,
          progress: process.stderr,
        });
        log(`\n${result.report?.verdict.line ?? 'no report'}`);
        for (const file of result.files) log(`wrote ${file}`);
        log(
          `demo finished in ${((Date.now() - began) / 1000).toFixed(0)} s (numbers from the offline policy, a stand-in for a model)`,
        );
      }),
};
