import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { invalidOption } from '../../core/index.js';
import type { ToolRoles } from '../../trajectory/index.js';
import { refuseClobber } from '../clobber.js';
import { toolRoles } from '../options.js';
import type { CliCommand, CliIo } from '../program.js';

interface ViewFlags {
  out?: string;
  force?: boolean;
  tasks?: string;
  tools: ToolRoles;
  compare?: string;
  log?: string;
}

/** `agent-track view`: one self-contained HTML file for a run of any kind, chosen by the files it holds. */
export const viewCommand: CliCommand = {
  name: 'view',
  describe: (command, io) =>
    command
      .description(
        'write one self-contained HTML page of a run: a before-after run (report, figures, each task with both arms side by side), an optimize campaign, a track, a comparison, or a retrieval rung run; with no run, one page listing every run in the run log',
      )
      .argument(
        '[run]',
        'the run directory (runs/<campaign>), or a retrieval rung run file; none: a page listing every run in the run log, each linked to its own page',
      )
      .option('--log <file>', "with no run: the run log to list (default the cache directory's runs.jsonl)")
      .option(
        '--out <file>',
        'where to write the page (default <run>/report.html; a rung run: its file with .html)',
      )
      .option('--force', "write --out over a file that exists (never over a run's own files)")
      .option('--tasks <file>', "a tasks.jsonl with the gold (default the run's inputs/)")
      .option(
        '--tools <profile>',
        'tool roles for the needless components: default, claude-code, generic, or a roles or product manifest file',
        toolRoles,
        toolRoles('default'),
      )
      .option('--compare <file>', 'a retrieval rung run: an earlier run to pair against, shown side by side')
      .action(async (run: string | undefined, flags: ViewFlags) => {
        const { findRun, writeDataPage, writeRungViewer, writeViewer } = await import(
          '../../report/index.js'
        );
        if (run === undefined) {
          await writeRunIndex(io, flags);
          return;
        }
        if (flags.log !== undefined)
          throw invalidOption('--log', 'given only with no run (the run index lists the log)', flags.log);
        // Its own default page (`<run>/report.html`, a rung run's file with .html) is this command's
        // to rewrite, named or not.
        if (flags.out !== undefined)
          refuseClobber('--out', flags.out, { force: flags.force === true, own: defaultPage(run) });
        const kind = findRun(run);
        if (flags.compare !== undefined && kind !== 'rung')
          throw invalidOption(
            '--compare',
            `given only with a retrieval rung run (\`${run}\` is a ${kind} run)`,
            flags.compare,
          );
        if (kind === 'rung') {
          const written = await writeRungViewer(run, { out: flags.out, compare: flags.compare });
          io.out(
            `wrote ${written.file} (${kib(written.bytes)}: rung run, ${written.tasks} tasks, ${written.figures.length} figures)\n`,
          );
          return;
        }
        if (kind === 'optimize' || kind === 'track' || kind === 'compare') {
          const { comparePage, optimizePage, trackPage } = await import('../../optimize/index.js');
          const pageOf = { optimize: optimizePage, track: trackPage, compare: comparePage }[kind];
          const { page, inputs } = pageOf(run);
          const written = await writeDataPage(flags.out ?? join(run, 'report.html'), page, inputs);
          // A comparison's page opens no items: it counts its systems (its first table's rows).
          const counted =
            kind === 'compare'
              ? `${page.sections[0]?.table?.rows.length ?? 0} systems`
              : `${written.tasks} ${kind === 'optimize' ? 'rounds' : 'tasks'}`;
          io.out(
            `wrote ${written.file} (${kib(written.bytes)}: ${kind} run, ${counted}, ${written.figures.length} figures)\n`,
          );
          return;
        }
        const written = await writeViewer(run, { out: flags.out, tasks: flags.tasks, roles: flags.tools });
        io.out(
          `wrote ${written.file} (${kib(written.bytes)}: ${written.tasks} tasks, ${written.blobs} whole results, ${written.figures.length} figures)\n`,
        );
      }),
};

// `view` with no run: every run of the log on one page, beside the log unless --out says where.
async function writeRunIndex(io: CliIo, flags: ViewFlags): Promise<void> {
  const { defaultRunLog, readRunLog, runIndexPage, writeDataPage } = await import('../../report/index.js');
  if (flags.compare !== undefined)
    throw invalidOption('--compare', 'given only with a retrieval rung run', flags.compare);
  const log = flags.log ?? defaultRunLog();
  const own = join(dirname(log), 'runs.html');
  const out = flags.out ?? own;
  if (flags.out !== undefined) refuseClobber('--out', out, { force: flags.force === true, own });
  const records = existsSync(log) ? readRunLog(log) : [];
  const page = runIndexPage(records, { log, pageDir: dirname(resolve(out)) });
  const written = await writeDataPage(out, page);
  const runs = page.sections[0]?.table?.rows.length ?? 0;
  io.out(
    runs === 0
      ? `wrote ${written.file}: no runs recorded in ${log} yet\n`
      : `wrote ${written.file} (${kib(written.bytes)}: ${runs} run(s) from ${log})\n`,
  );
}

// The page `view RUN` writes with no --out: a run directory's report.html, a rung run's file with .html.
function defaultPage(run: string): string {
  let isDirectory = false;
  try {
    isDirectory = statSync(run, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    // No file can have this name (a NUL byte, too long): `findRun` refuses it next.
  }
  return isDirectory ? join(run, 'report.html') : run.replace(/(\.json)?$/, '.html');
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
