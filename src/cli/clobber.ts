import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
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

/** What `refuseClobber` may be told besides the path. */
export interface ClobberOptions {
  /** `--force` was given: an existing file that is not a run's own may be replaced. */
  force?: boolean;
  /**
   * The command's own default output (`view`'s `<run>/report.html`, `track`'s `<out>/report.md`):
   * named by the flag or not, the command rewrites it run after run, with no `--force`.
   */
  own?: string;
}

/**
 * Refuses an output path naming one of a run directory's own files (its report, ledger, plan, a
 * trajectory's events...) before anything is written (`OUTPUT_WOULD_CLOBBER`, exit 2), `--force`
 * or not. A command whose output is a directory (`plot --out DIR`) checks with this alone.
 *
 * @example
 * refuseRunFile('--out', 'runs/demo/report.json'); // throws: `runs/demo/report.json` is the run's own report.json ...
 */
export function refuseRunFile(option: string, path: string): void {
  if (!isFile(path)) return;
  if (RUN_FILES.has(basename(path)) && isRunDirectory(dirname(path))) {
    throw new AgentTrackError(
      'OUTPUT_WOULD_CLOBBER',
      `\`${option}\` names \`${path}\`, the run's own ${basename(path)}: nothing writes over a run's record; choose another path`,
      { data: { option, path } },
    );
  }
}

// An existing file (not a directory) at `path`; a path no file can have (a NUL byte, a name too
// long) is none: the write itself refuses it.
function isFile(path: string): boolean {
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    return stat !== undefined && !stat.isDirectory();
  } catch {
    return false;
  }
}

/**
 * Refuses an output path before anything is written (`OUTPUT_WOULD_CLOBBER`, exit 2): one of a
 * run directory's own files is never written over, `--force` or not (`refuseRunFile`); any other
 * existing file only with `--force`, except the command's own default output (`own`). A path that
 * does not exist yet, or a directory, is left to the command.
 *
 * @example
 * refuseClobber('--out', 'runs/demo/report.json', { force: true }); // throws: `runs/demo/report.json` is the run's own report.json ...
 */
export function refuseClobber(option: string, path: string, options: ClobberOptions = {}): void {
  if (options.own !== undefined && resolve(path) === resolve(options.own)) return;
  refuseRunFile(option, path);
  if (isFile(path) && options.force !== true) {
    throw new AgentTrackError(
      'OUTPUT_WOULD_CLOBBER',
      `\`${option}\` names \`${path}\`, which exists and was not made by this command: add --force to replace it, or choose another path`,
      { data: { option, path } },
    );
  }
}

/**
 * Refuses to replace a directory an earlier run of the command filled (`ask --out DIR`'s
 * `DIR/tasks/ask/`: the earlier question's trajectory) unless `--force` is given
 * (`OUTPUT_WOULD_CLOBBER`, exit 2). A directory that does not exist, or is empty, is left to the
 * command.
 *
 * @example
 * refuseClobberDirectory('--out', 'runs/ask', 'runs/ask/tasks/ask', {}); // throws when it holds a trajectory
 */
export function refuseClobberDirectory(
  option: string,
  given: string,
  dir: string,
  options: { force?: boolean } = {},
): void {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return; // nothing there (or nothing a directory can be): the command makes or refuses it
  }
  if (entries.length === 0 || options.force === true) return;
  throw new AgentTrackError(
    'OUTPUT_WOULD_CLOBBER',
    `\`${option}\` names \`${given}\`, which already holds \`${dir}\` from an earlier run: add --force to replace it, or choose another directory`,
    { data: { option, path: given, dir } },
  );
}
