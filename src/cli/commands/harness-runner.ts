import type { Command } from 'commander';
import type { RunnerState } from '../../agent/index.js';
import { packageVersion } from '../../core/index.js';
import { exitFor } from '../exit-for.js';
import { type CliIo, createProgram } from '../program.js';

/** What a runner's rollouts get beside their flags: the state it keeps across them (none for a lone `harness run`). */
export interface RunnerShared {
  runner?: RunnerState;
}

/** Declares `harness run` on a command, with what the runner shares (harness.ts's). */
export type DescribeRun = (command: Command, io: CliIo, shared: RunnerShared) => void;

// One rollout exactly as `<harness> run ARGS` would run it: the same flags, parsed by the same
// command, ending with the same stderr and exit code; its stdout (the task lines) is not kept, as a
// campaign does not keep a child's.
async function runOne(
  args: readonly string[],
  describeRun: DescribeRun,
  shared: RunnerShared,
): Promise<{ exitCode: number; stderr: string }> {
  let stderr = '';
  const io: CliIo = {
    out: () => {},
    err: (text) => {
      stderr += text;
    },
  };
  const program = createProgram({
    version: packageVersion(),
    io,
    commands: [{ name: 'harness', describe: (command, io) => describeRun(command, io, shared) }],
  });
  try {
    await program.parseAsync(['harness', 'run', ...args], { from: 'user' });
    return { exitCode: 0, stderr };
  } catch (error) {
    const ending = exitFor(error);
    if (ending === null) {
      return { exitCode: 1, stderr: `${stderr}${error instanceof Error ? error.stack : String(error)}\n` };
    }
    return { exitCode: ending.exitCode, stderr: `${stderr}${ending.stderr}` };
  }
}

/**
 * `<harness> runner`: a long-lived harness that runs many rollouts over a line protocol
 * (`serveRunner`), so a campaign arm starts one process, loads its modules and tables once, and
 * keeps its `isolation: corpus` servers across rollouts instead of a `harness run` child each.
 */
export function describeRunner(command: Command, describeRun: DescribeRun): void {
  command
    .command('runner')
    .description(
      'run many `harness run` rollouts in one process: a JSON request a line on stdin, a JSON answer a line on stdout (the campaign arm entry)',
    )
    .action(async () => {
      const { serveRunner } = await import('../../agent/index.js');
      await serveRunner({
        input: process.stdin,
        output: process.stdout,
        runOne: (args, state) => runOne(args, describeRun, { runner: state }),
      });
      // Every request is answered and its servers stopped: nothing left to wait for (a keep-alive
      // socket to an endpoint must not hold an orphaned runner open).
      process.exit(0);
    });
}
