import { existsSync } from 'node:fs';
import { AgentTrackError, envSecrets, invalidOption } from '../../core/index.js';
import { readTasks } from '../../retrieval/index.js';
import { exportOtlp, type OtlpDestination, type ToolRoles } from '../../trajectory/index.js';
import { refuseClobber } from '../clobber.js';
import { collect, positiveInteger, toolRoles } from '../options.js';
import type { CliCommand } from '../program.js';

interface ExportFlags {
  otlp: string;
  force?: boolean;
  task?: string;
  only?: string;
  tools?: ToolRoles;
  header: string[];
  timeout: number;
  model?: string;
}

const HEADER = /^([A-Za-z0-9-]+)=([A-Za-z_][A-Za-z0-9_]*)$/;

// `NAME=ENVVAR`: the header's value is read from the variable, which must be set; it is named, never shown.
function headersOf(specs: readonly string[]): { headers: Record<string, string>; envs: string[] } {
  const headers: Record<string, string> = {};
  const envs: string[] = [];
  for (const spec of specs) {
    const match = HEADER.exec(spec);
    if (match === null)
      throw new AgentTrackError(
        'INVALID_OPTION',
        `Expected the \`--header\` option as NAME=ENVVAR (the value is read from the variable), got \`${spec}\``,
        { data: { option: '--header', received: spec } },
      );
    const value = process.env[match[2]!];
    if (value === undefined || value === '')
      throw new AgentTrackError(
        'KEY_UNSET',
        `The \`--header ${match[1]}\` value comes from \`${match[2]}\`, which is not set in this environment`,
        { data: { env: match[2] } },
      );
    headers[match[1]!] = value;
    envs.push(match[2]!);
  }
  return { headers, envs };
}

/** `agent-track export --otlp URL|FILE RUN`: a run's trajectories as OpenTelemetry GenAI spans. */
export const exportCommand: CliCommand = {
  name: 'export',
  describe: (command, io) =>
    command
      .description(
        'send a run as OpenTelemetry GenAI spans (one trace per trajectory, agent-track metrics under agent_track.*) to an OTLP/HTTP endpoint or a collector-format JSONL file',
      )
      .argument('<run>', 'a run directory or a trajectory directory')
      .requiredOption('--otlp <url|file>', 'http(s)://HOST:PORT/v1/traces, or a file to write (.otlp.jsonl)')
      .option('--force', "write the --otlp file over one that exists (never over a run's own files)")
      .option('--task <file>', 'tasks.jsonl with the gold, for the gold metrics exported')
      .option('--only <ids>', 'only these task ids, comma-separated (a repeat t~2 is task t)')
      .option(
        '--tools <profile>',
        'tool roles: default (the reference server), claude-code, generic, or a roles or product manifest file',
        toolRoles,
      )
      .option(
        '--header <NAME=ENVVAR>',
        'a request header whose value is read from ENVVAR (repeatable)',
        collect,
        [],
      )
      .option('--timeout <ms>', "the receiver's deadline per request", positiveInteger('--timeout'), 10_000)
      .option('--model <name>', 'the model the run asked (gen_ai.request.model)')
      .action(async (run: string, flags: ExportFlags) => {
        // Everything is checked before a span is built or a byte sent.
        if (!existsSync(run))
          throw new AgentTrackError('PATH_NOT_FOUND', `Nothing to export at \`${run}\`: no such directory`, {
            data: { path: run },
          });
        const http = /^https?:\/\//.test(flags.otlp);
        // Another scheme is not a file name: `ftp://x` would be written as a local `ftp:/x`.
        if (!http && /^[a-z][a-z0-9+.-]*:\/\//i.test(flags.otlp))
          throw invalidOption('--otlp', 'an http(s):// URL or a file path', flags.otlp);
        const { headers, envs } = headersOf(flags.header);
        if (!http && flags.header.length > 0)
          throw new AgentTrackError(
            'INVALID_OPTION',
            '`--header` goes with an http(s) `--otlp` URL, not a file',
            {
              data: { option: '--header' },
            },
          );
        if (!http) refuseClobber('--otlp', flags.otlp, { force: flags.force === true });
        const destination: OtlpDestination = http
          ? { kind: 'http', url: flags.otlp, headers, timeoutMs: flags.timeout }
          : { kind: 'file', path: flags.otlp };
        const tasks = flags.task ? new Map((await readTasks(flags.task)).map((t) => [t.id, t])) : undefined;
        const only =
          flags.only === undefined ? undefined : new Set(flags.only.split(',').map((id) => id.trim()));
        const exported = await exportOtlp(run, {
          destination,
          ...(tasks === undefined ? {} : { tasks }),
          ...(only === undefined ? {} : { only }),
          ...(flags.tools === undefined ? {} : { roles: flags.tools }),
          ...(flags.model === undefined ? {} : { model: flags.model }),
          secrets: envSecrets(process.env, envs, { scan: true }),
        });
        for (const skipped of exported.skipped)
          io.err(`agent-track: skipped ${skipped.dir}: ${skipped.error}\n`);
        io.out(
          `exported ${exported.trajectories} trajectories (${exported.spans} spans, ${(exported.bytes / 1024).toFixed(0)} KiB of OTLP JSON) to ${flags.otlp}\n`,
        );
        if (exported.trajectories === 0)
          throw new AgentTrackError('NOTHING_EXPORTED', `No trajectory to export under \`${run}\``, {
            data: { path: run },
          });
        if (exported.skipped.length > 0) process.exitCode = 2;
      }),
};
