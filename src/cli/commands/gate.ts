import type { Command } from 'commander';
import { AgentTrackError, EXIT_CODES, IncompleteRun } from '../../core/index.js';
import type { CliCommand } from '../program.js';
import { type BeforeAfterFlags, beforeAfterOptions, runBeforeAfterFlags } from './before-after-flags.js';
import { withEvalConfig } from './eval-config.js';

interface GateFlags extends BeforeAfterFlags {
  base: string;
  head: string;
  out?: string;
  reportUrl?: string;
  baselineCache: boolean;
}

/**
 * `agent-track gate`: a before-after between a pull request's base and head, with what CI needs:
 * `comment.md` and `junit.xml` beside the report, the base arm cached by base commit and
 * configuration, and an exit code a workflow branches on (0 pass, 5 regression, 3 incomplete, 4
 * too few pairs, 2 refused).
 */
export const gateCommand: CliCommand = {
  name: 'gate',
  describe: (command, io) =>
    beforeAfterOptions(
      command
        .description(
          "a before-after between a pull request's base and head for CI: comment.md and junit.xml beside the report, the base arm reused from an earlier gate on the same base, exit 0 pass / 5 regression / 3 incomplete / 4 too few pairs (plan only without --confirm-spend)",
        )
        .requiredOption('--base <rev>', "the pull request's base (e.g. origin/main)")
        .requiredOption('--head <rev>', "the pull request's head (e.g. HEAD)")
        .option('--out <dir>', 'the campaign directory (default runs/<split>-<base>-<head>)')
        .option(
          '--report-url <url>',
          'where comment.md links the HTML report (default: report.html beside it)',
        )
        .option('--no-baseline-cache', 'run the base arm even when an earlier gate on this base kept it'),
    ).action(async (given: GateFlags, command: Command) => {
      const flags = withEvalConfig(given, command);
      if (flags.split === undefined)
        throw new AgentTrackError('INVALID_OPTION', '`--split` is required', { data: { option: '--split' } });
      const { gate } = await import('../../optimize/index.js');
      const log = (line: string) => io.out(`${line}\n`);
      const result = await runBeforeAfterFlags(
        flags,
        io,
        { baseline: flags.base, candidate: flags.head, ...(flags.out ? { out: flags.out } : {}) },
        (options) =>
          gate({
            ...options,
            baselineCache: flags.baselineCache,
            ...(flags.reportUrl === undefined ? {} : { reportUrl: flags.reportUrl }),
          }),
      );
      if (result.report === null || result.status === null) return;
      log(`\n${result.report.verdict.line}`);
      for (const file of result.files) log(`wrote ${file}`);
      const dir = result.dir;
      if (result.status === 'regression')
        throw new IncompleteRun(
          EXIT_CODES.regression,
          `gate: a regression (comment and JUnit in \`${dir}\`)`,
        );
      if (result.status === 'incomplete')
        throw new IncompleteRun(
          EXIT_CODES.stopped,
          `gate: incomplete, the run stopped short (not a regression): partial results in \`${dir}\`; run the same command again to resume`,
        );
      if (result.status === 'too_few_pairs')
        throw new IncompleteRun(
          EXIT_CODES.noVerdict,
          `gate: no verdict, too few pairs (results in \`${dir}\`)`,
        );
    }),
};
