import { Command } from 'commander';

/** Where a command writes: injected so the program can be tested without touching the process. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

/**
 * One command of the CLI: it declares its arguments on the given commander command and calls one
 * library function. It holds no logic a library user would miss.
 */
export interface CliCommand {
  name: string;
  describe: (command: Command, io: CliIo) => void;
}

export interface ProgramOptions {
  version: string;
  commands?: readonly CliCommand[];
  io?: CliIo;
}

const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/**
 * Builds the `agent-track` program from its commands, so parsing is testable without side effects
 * (evalite's `createProgram(commands)`).
 *
 * @example
 * const program = createProgram({ version: '0.1.0', commands: [] });
 * await program.parseAsync(['node', 'agent-track', '--version']);
 */
export function createProgram(options: ProgramOptions): Command {
  const io = options.io ?? processIo;
  const program = new Command('agent-track')
    .description(
      'Did my change make the agent better, and is that more than noise? Paired before-after runs of AI agents against MCP tool products.',
    )
    .version(options.version, '-V, --version', 'print the version')
    // A usage error is one line and a pointer to the help, and throws (bin.ts: exit 2), not exit 1
    // after the whole help.
    .showHelpAfterError('(add --help for the options)')
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  for (const command of options.commands ?? []) {
    const sub = program.command(command.name).configureOutput({ writeOut: io.out, writeErr: io.err });
    command.describe(sub, io);
  }
  return program;
}
