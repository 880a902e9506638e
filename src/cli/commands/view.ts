import { writeViewer } from '../../report/index.js';
import type { ToolRoles } from '../../trajectory/index.js';
import { toolRoles } from '../options.js';
import type { CliCommand } from '../program.js';

interface ViewFlags {
  out?: string;
  tasks?: string;
  tools: ToolRoles;
}

/** `agent-track view`: one self-contained HTML file to walk a before-after run task by task. */
export const viewCommand: CliCommand = {
  name: 'view',
  describe: (command, io) =>
    command
      .description(
        'write one self-contained HTML report of a before-after run: the report table and figures, each task with both arms side by side, filters',
      )
      .argument('<run>', 'the run directory (runs/<campaign>)')
      .option('--out <file>', 'where to write the page (default <run>/report.html)')
      .option('--tasks <file>', "a tasks.jsonl with the gold (default the run's inputs/)")
      .option(
        '--tools <profile>',
        'tool roles for the needless components: default, claude-code, generic, or a roles or product manifest file',
        toolRoles,
        toolRoles('default'),
      )
      .action(async (run: string, flags: ViewFlags) => {
        const written = await writeViewer(run, {
          out: flags.out,
          tasks: flags.tasks,
          roles: flags.tools,
        });
        io.out(
          `wrote ${written.file} (${(written.bytes / 1024).toFixed(0)} KiB: ${written.tasks} tasks, ${written.blobs} whole results, ${written.figures.length} figures)\n`,
        );
      }),
};
