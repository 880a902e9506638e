import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { simpleGit } from 'simple-git';
import { linkTree, sameStamp, type TreeStamp, treeStamp } from './link-tree.js';

const COMPLETE = '.agent-track-build-complete';
// Each kept file's size and modification time, written with the entry: the check that no worktree
// wrote into a file it holds as a link.
const STAMP = 'outputs.stamp.json';

/** What a build is kept by: the files it reads, what runs it, and what it writes. */
export interface BuildSpec {
  command: string;
  /** The install key it ran on. */
  install: string;
  outputs: readonly string[];
  /** The paths it reads (the manifest's `setup_inputs`); absent: the whole commit tree. */
  inputs?: readonly string[];
}

/**
 * The cache key of a worktree's build: the git objects of what it reads at the worktree's commit
 * (the named inputs, else the whole tree), the command, the install it ran on and the outputs
 * kept; `null` when the worktree's tracked files differ from its commit (what was built is then
 * not what the tree says) or it is not a git checkout.
 *
 * @example
 * await buildKey('/tmp/wt/candidate', { command: 'node scripts/transpile.mjs', install, outputs: ['dist'] }); // 'a3f...' or null
 */
export async function buildKey(worktree: string, spec: BuildSpec): Promise<string | null> {
  try {
    const git = simpleGit(worktree);
    if ((await git.raw(['status', '--porcelain', '--untracked-files=no'])).trim() !== '') return null;
    const paths = spec.inputs ?? [''];
    const objects = (
      await git.raw(['rev-parse', ...paths.map((path) => `HEAD:${path.replaceAll('\\', '/')}`)])
    )
      .trim()
      .split('\n');
    if (objects.length !== paths.length) return null;
    const what = [objects.join(','), spec.command, spec.install, spec.outputs.join(','), paths.join(',')];
    return createHash('sha256').update(what.join('\0')).digest('hex');
  } catch {
    return null;
  }
}

/**
 * Puts a kept build's outputs into the worktree as hard links to the kept files (`linkTree`; a
 * copy where the file system refuses links); `false` when none is kept under `entry`. A kept
 * build whose files changed since it was kept (a worktree wrote into one through its link), or
 * kept without their stamp, is removed and reported as none, so the build runs and is kept again.
 *
 * @example
 * restoreBuild('/cache/installs/<install>/builds/<key>', '/tmp/wt/candidate', ['dist']); // true
 */
export function restoreBuild(entry: string, worktree: string, outputs: readonly string[]): boolean {
  if (!existsSync(join(entry, COMPLETE))) return false;
  if (!unchanged(entry)) {
    rmSync(entry, { recursive: true, force: true });
    return false;
  }
  for (const output of outputs) {
    const kept = join(entry, 'outputs', output);
    if (!existsSync(kept)) continue;
    rmSync(join(worktree, output), { recursive: true, force: true });
    mkdirSync(dirname(join(worktree, output)), { recursive: true });
    linkTree(kept, join(worktree, output));
  }
  return true;
}

function unchanged(entry: string): boolean {
  try {
    const stamp = JSON.parse(readFileSync(join(entry, STAMP), 'utf8')) as TreeStamp;
    return sameStamp(join(entry, 'outputs'), stamp);
  } catch {
    return false;
  }
}

/**
 * Keeps a fresh build's outputs under `entry` (copied to a staging folder, then renamed into
 * place, so a reader never sees half a build), but the files `leave` matches (by path). Best
 * effort: a race or a full disk keeps nothing.
 *
 * @example
 * keepBuild('/cache/installs/<install>/builds/<key>', '/tmp/wt/candidate', ['dist'], 'node scripts/transpile.mjs');
 */
export function keepBuild(
  entry: string,
  worktree: string,
  outputs: readonly string[],
  command: string,
  leave?: RegExp,
): void {
  // One already there (another writer won, or a seed) stays: nothing to copy.
  if (existsSync(entry)) return;
  const staging = `${entry}.tmp-${process.pid}-${Date.now()}`;
  try {
    for (const output of outputs) {
      if (!existsSync(join(worktree, output))) continue;
      mkdirSync(dirname(join(staging, 'outputs', output)), { recursive: true });
      cpSync(join(worktree, output), join(staging, 'outputs', output), {
        recursive: true,
        verbatimSymlinks: true,
        ...(leave === undefined ? {} : { filter: (path: string) => !leave.test(path) }),
      });
    }
    mkdirSync(join(staging, 'outputs'), { recursive: true });
    writeFileSync(join(staging, STAMP), JSON.stringify(treeStamp(join(staging, 'outputs'))));
    writeFileSync(join(staging, COMPLETE), `${command}\n`);
    // An entry appears only by this rename, whole: one already there (another writer won) stays.
    if (!existsSync(entry)) renameSync(staging, entry);
  } catch {
    // another writer won the race, or the disk refused: the next worktree builds again
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
