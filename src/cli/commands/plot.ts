import { refuseRunFile } from '../clobber.js';
import type { CliCommand } from '../program.js';

/** `agent-track plot`: the figures of a saved run as SVG and PNG, drawn without a browser. */
export const plotCommand: CliCommand = {
  name: 'plot',
  describe: (command, io) =>
    command
      .description(
        'draw the figures of a saved run (report.json or its run directory, saved retrieval runs of one split, an objective trace) as SVG and PNG',
      )
      .argument('<run...>', 'the saved run(s)')
      .requiredOption('--out <dir>', 'where to write <figure>.svg and <figure>.png')
      .action(async (runs: string[], flags: { out: string }) => {
        // A directory of figures: naming a run's own file is refused by the one clobber rule.
        refuseRunFile('--out', flags.out);
        const { plotRun } = await import('../../report/plots/index.js');
        const { figures, warnings } = await plotRun(runs, flags.out);
        for (const warning of warnings) io.err(`warning: ${warning}\n`);
        for (const figure of figures)
          io.out(`wrote ${figure.svg}${figure.png ? ` and ${figure.png}` : ''}\n`);
      }),
};
