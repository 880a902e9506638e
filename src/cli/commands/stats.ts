import { writeFileSync } from 'node:fs';
import {
  compareEvalLogs,
  EVAL_LOG_FORMATS,
  type EvalLogFormat,
  renderEvalComparison,
} from '../../report/index.js';
import { refuseClobber } from '../clobber.js';
import { oneOf } from '../options.js';
import type { CliCommand, CliIo } from '../program.js';

interface CompareFlags {
  format?: EvalLogFormat;
  aColumn?: string;
  bColumn?: string;
  json?: boolean;
  out?: string;
  force?: boolean;
}

async function compare(io: CliIo, a: string, b: string, flags: CompareFlags): Promise<void> {
  if (flags.out !== undefined) refuseClobber('--out', flags.out, { force: flags.force === true });
  const comparison = await compareEvalLogs(a, b, {
    ...(flags.format === undefined ? {} : { format: flags.format }),
    ...(flags.aColumn === undefined ? {} : { columnA: flags.aColumn }),
    ...(flags.bColumn === undefined ? {} : { columnB: flags.bColumn }),
  });
  const markdown = renderEvalComparison(comparison);
  if (flags.out !== undefined) writeFileSync(flags.out, markdown);
  io.out(flags.json === true ? `${JSON.stringify(comparison, null, 2)}\n` : markdown);
}

/** `agent-track stats`: agent-track's paired statistics on other tools' eval logs. */
export const statsCommand: CliCommand = {
  name: 'stats',
  describe: (command, io) => {
    command.description("agent-track's paired statistics on other tools' eval logs");
    command
      .command('compare')
      .description(
        'two runs of the same samples (Inspect AI .eval/.json, promptfoo results.json, lm-eval samples_*.jsonl): per metric the paired delta, its interval, the Wilcoxon or McNemar p (Holm across metrics) and the minimum detectable effect',
      )
      .argument('<a>', 'the first run (the baseline)')
      .argument('<b>', 'the second run, paired with A by sample id')
      .option(
        '--format <tool>',
        `the tool that wrote both files, one of ${EVAL_LOG_FORMATS.join(', ')} (default: detected)`,
        oneOf('--format', EVAL_LOG_FORMATS),
      )
      .option(
        '--a-column <column>',
        'promptfoo: read only this column of A (its index, `prompt label · provider`, its prompt label or its provider)',
      )
      .option('--b-column <column>', 'promptfoo: read only this column of B (A and B may be one file)')
      .option('--json', 'print the comparison as JSON instead of Markdown')
      .option('--out <file>', 'also write the Markdown report to FILE')
      .option('--force', 'replace an existing --out file')
      .action((a: string, b: string, flags: CompareFlags) => compare(io, a, b, flags));
  },
};
