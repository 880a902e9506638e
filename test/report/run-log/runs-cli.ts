import { runsCommand } from '../../../src/cli/commands/runs.js';
import { createProgram } from '../../../src/cli/program.js';

/** `agent-track runs ARGS --log LOG` through the real program, in process: what it printed. */
export async function runsCli(log: string, ...args: string[]): Promise<string> {
  let out = '';
  const program = createProgram({
    version: '0',
    commands: [runsCommand],
    io: { out: (t) => (out += t), err: () => {} },
  });
  await program.parseAsync(['node', 'agent-track', 'runs', ...args, '--log', log]);
  return out;
}
