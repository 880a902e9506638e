import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { AgentTrackError } from '../core/index.js';
import { TRAJECTORY_FILES } from '../trajectory/index.js';

/** Files a run directory keeps as its record: a command's output may never replace one. */
const RUN_FILES = new Set([
  'report.json',
  'report.md',
  'metrics.json',
  'ledger.jsonl',
  'spend.jsonl',
  'queue.jsonl',
  'plan.json',
  'plan.txt',
  'campaign.log',
  'looks.json',
  'power.json',
  'worktrees.json',
  'campaign.json',
  'evaluations.jsonl',
  'confirmations.jsonl',
  'admissions.jsonl',
  'judgments.jsonl',
  'result.json',
  'result.md',
  ...Object.values(TRAJECTORY_FILES),
]);

// A directory that holds a run's record: its ledger, its report, a trajectory, a plan or a result.
function isRunDirectory(dir: string): boolean {
  return ['ledger.jsonl', 'report.json', 'plan.json', 'result.json', TRAJECTORY_FILES.events].some((file) =>
    existsSync(join(dir, file)),
  );
}

/**
 * Refuses an output path before anything is written (`OUTPUT_WOULD_CLOBBER`, exit 2): one of a
 * run directory's own files (its report, ledger, plan, a trajectory's events...) is never written
 * over, `--force` or not; any other existing file only with `--force`. A path that does not exist
 * yet, or a directory, is left to the command.
 *
 * @example
 * refuseClobber('--out', 'runs/demo/report.json', { force: true }); // throws: `runs/demo/report.json` is the run's own report.json ...
 */
export function refuseClobber(option: string, path: string, options: { force?: boolean } = {}): void {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path, { throwIfNoEntry: false });
  } catch {
    return; // no file can be there (a NUL byte, a name too long): the write itself refuses it
  }
  if (stat === undefined || stat.isDirectory()) return;
  if (RUN_FILES.has(basename(path)) && isRunDirectory(dirname(path))) {
    throw new AgentTrackError(
      'OUTPUT_WOULD_CLOBBER',
      `\`${option}\` names \`${path}\`, the run's own ${basename(path)}: nothing writes over a run's record; choose another path`,
      { data: { option, path } },
    );
  }
  if (options.force !== true) {
    throw new AgentTrackError(
      'OUTPUT_WOULD_CLOBBER',
      `\`${option}\` names \`${path}\`, which exists and was not made by this command: add --force to replace it, or choose another path`,
      { data: { option, path } },
    );
  }
}
