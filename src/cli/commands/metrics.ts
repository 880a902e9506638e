import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { AgentTrackError } from '../../core/index.js';
import { formatNumber } from '../../report/index.js';
import { readTasks } from '../../retrieval/index.js';
import {
  dirTaskId,
  MetricsAggregate,
  type ScoredTrajectory,
  scorePath,
  type ToolRoles,
} from '../../trajectory/index.js';
import { formatTable } from '../format.js';
import { errorPattern, existingPath, toolRoles } from '../options.js';
import type { CliCommand } from '../program.js';

interface MetricsFlags {
  strict?: boolean;
  task?: string;
  json?: boolean;
  tools?: ToolRoles;
  corpusRoot?: string;
  errorPattern?: RegExp;
}

/** `agent-track metrics PATH`: per-trajectory metrics and an aggregate table with intervals. */
export const metricsCommand: CliCommand = {
  name: 'metrics',
  describe: (command, io) =>
    command
      .description('score trajectories: a trajectory directory, a run directory, or a transcript file')
      .argument(
        '<path>',
        'trajectory dir, run dir, or Claude Code stream-json / OpenAI messages / OTLP JSON trace file',
      )
      .option('--task <file>', 'tasks.jsonl with the gold, for the retrieval and gold metrics')
      .option(
        '--tools <profile>',
        'tool roles: default (the reference server), claude-code, generic, or a roles or product manifest file',
        toolRoles,
      )
      .option(
        '--corpus-root <dir>',
        "with --tools: the directory a transcript's agent worked in; paths under it become relative, as gold is written",
        existingPath('--corpus-root', 'directory'),
      )
      .option(
        '--error-pattern <regex>',
        "a transcript's tool result that this JavaScript regex matches is a failed call (default, for formats without an error flag: a result opening with `Error:`, `ValueError:`, `Exception:`, a traceback)",
        errorPattern('--error-pattern'),
      )
      .option('--json', 'print JSON for machines')
      .option('--strict', 'exit 2 when an importer skipped a call or a result (the counts then miss it)')
      .action(async (path: string, flags: MetricsFlags) => {
        if (flags.corpusRoot !== undefined && flags.tools === undefined)
          throw new AgentTrackError(
            'INVALID_OPTION',
            '`--corpus-root` goes with `--tools`: the product roles say how the results are read',
            { data: { option: '--corpus-root' } },
          );
        if (flags.errorPattern !== undefined && statSync(path, { throwIfNoEntry: false })?.isDirectory())
          throw new AgentTrackError(
            'INVALID_OPTION',
            `\`--error-pattern\` judges a transcript's results; \`${path}\` is a directory of recorded runs (their calls already say whether they failed)`,
            { data: { option: '--error-pattern', path } },
          );
        const tasks = flags.task ? new Map((await readTasks(flags.task)).map((t) => [t.id, t])) : undefined;
        const roles = flags.tools;
        const aggregate = new MetricsAggregate();
        const scored: Extract<ScoredTrajectory, { metrics: unknown }>[] = [];
        const errors: { source: string; message: string }[] = [];
        let warnings = 0;
        let skipped = 0;
        for await (const item of scorePath(path, {
          ...(tasks ? { tasks } : {}),
          ...(roles ? { roles } : {}),
          ...(flags.corpusRoot === undefined ? {} : { corpusRoot: resolve(flags.corpusRoot) }),
          ...(flags.errorPattern === undefined ? {} : { errorPattern: flags.errorPattern }),
        })) {
          if (item.error) {
            errors.push({ source: item.source, message: item.error.message });
            io.err(`agent-track: ${item.error.message}\n`);
            continue;
          }
          aggregate.add(item.metrics);
          // What an importer skipped is said in text mode too (--json carries it per trajectory).
          warnings += item.warnings.length;
          // A call or result the importer dropped (`... was skipped`), not a note on totals.
          skipped += item.warnings.filter((warning) => / was skipped(:|$)/.test(warning)).length;
          if (!flags.json) for (const warning of item.warnings) io.err(`warning: ${warning}\n`);
          if (flags.json || scored.length < 200) scored.push(item);
        }
        // Nothing found is not "0 scored": the path was likely not what the user meant.
        if (aggregate.count === 0 && errors.length === 0)
          throw new AgentTrackError(
            'NO_TRAJECTORY',
            `No trajectory in \`${path}\`: a run directory (with tasks/<id>/events.jsonl), a trajectory folder, or a transcript file`,
            { data: { path } },
          );
        if (flags.json) {
          io.out(
            `${JSON.stringify({ trajectories: scored, aggregate: aggregate.summary(), errors }, null, 2)}\n`,
          );
        } else {
          io.out(`${perTrajectoryTable(scored)}\n\n`);
          if (aggregate.count > scored.length)
            io.out(`(first ${scored.length} of ${aggregate.count} shown)\n\n`);
          io.out(`${aggregateTable(aggregate)}\n`);
          io.out(
            `${aggregate.count} scored, ${errors.length} refused${warnings > 0 ? `, ${warnings} warning(s): what the importer skipped, above` : ''}\n`,
          );
        }
        if (errors.length > 0) process.exitCode = 2;
        if (skipped > 0 && flags.strict === true) {
          io.err(
            `agent-track: the importer skipped ${skipped} call(s) or result(s) (named above): with --strict the scores are refused, as their counts miss them\n`,
          );
          process.exitCode = 2;
        }
      }),
};

// A run is named by its trajectory folder: the task id (a trial of it `task~2`, its rollout id), so
// trials of one task are told apart.
function runLabel(source: string, taskId: string): string {
  const folder = dirTaskId(source);
  return folder.startsWith(taskId) ? folder : taskId;
}

function perTrajectoryTable(scored: readonly Extract<ScoredTrajectory, { metrics: unknown }>[]): string {
  const header = [
    'run',
    'outcome',
    'turns',
    'calls',
    'failed',
    'needless',
    'to_first_gold',
    'recall@5',
    'pointer_followed',
  ];
  return formatTable(
    header,
    scored.map(({ source, metrics: m }) => [
      runLabel(source, m.task_id),
      m.outcome,
      formatNumber(m.turns),
      formatNumber(m.tool_calls_total),
      formatNumber(m.failed_count),
      formatNumber(m.needless_call_rate),
      formatNumber(m.tool_calls_to_first_gold),
      formatNumber(m['recall@5']),
      formatNumber(m.pointer_followed_rate),
    ]),
  );
}

function aggregateTable(aggregate: MetricsAggregate): string {
  const rows = aggregate.summary();
  const needless = rows.find((row) => row.key === 'needless_call_rate');
  const noCall = needless === undefined ? 0 : aggregate.count - needless.n;
  const note =
    noCall > 0
      ? `\n(n: the runs where a metric is defined; ${noCall} run(s) made no tool call and have no rate over calls)`
      : '';
  return `${formatTable(
    ['metric', 'mean', '95% CI', 'n'],
    rows.map((row) => [
      row.key,
      formatNumber(row.mean),
      row.n === 0 ? 'n/a' : `[${formatNumber(row.low)}, ${formatNumber(row.high)}]`,
      String(row.n),
    ]),
  )}${note}`;
}
