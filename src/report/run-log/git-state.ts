import { execFileSync } from 'node:child_process';

/**
 * The commit a run was made from and whether the work tree had changes; `null`s outside a git
 * repository (or without git), never a thrown error: a run is recorded either way.
 *
 * @example
 * gitState(); // { sha: '332af8a...', dirty: false }
 */
export function gitState(cwd: string = process.cwd()): { sha: string | null; dirty: boolean | null } {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const sha = git('rev-parse', 'HEAD');
    return { sha, dirty: git('status', '--porcelain', '--untracked-files=no') !== '' };
  } catch {
    return { sha: null, dirty: null };
  }
}
