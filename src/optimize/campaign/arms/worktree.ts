import { existsSync, lstatSync, mkdirSync, rmSync, unlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { simpleGit } from 'simple-git';
import { AgentTrackError } from '../../../core/index.js';

/**
 * The absolute path of a directory an arm is about to be made in: refused when it exists already
 * (never written over), its parent made.
 *
 * @example
 * newArmDir('/tmp/campaign/worktrees/baseline'); // '/tmp/campaign/worktrees/baseline'
 */
export function newArmDir(dir: string): string {
  const target = resolve(dir);
  if (existsSync(target)) {
    throw new AgentTrackError('WORKTREE_EXISTS', `The worktree directory \`${target}\` already exists`, {
      data: { dir: target },
    });
  }
  mkdirSync(dirname(target), { recursive: true });
  return target;
}

/**
 * Adds a detached `git worktree` of `repo` at `commit` in `dir` (which must not exist yet).
 *
 * @example
 * await addWorktree('.', '3f2a1b2c...', '/tmp/campaign/worktrees/baseline');
 */
export async function addWorktree(repo: string, commit: string, dir: string): Promise<string> {
  const target = newArmDir(dir);
  try {
    await simpleGit(repo).raw(['worktree', 'add', '--detach', target, commit]);
  } catch (error) {
    throw new AgentTrackError(
      'WORKTREE_ADD_FAILED',
      `Cannot add a worktree of \`${repo}\` at commit \`${commit}\` in \`${target}\`: ${(error as Error).message.trim()}`,
      { data: { repo, commit, dir: target }, cause: error },
    );
  }
  return target;
}

/**
 * Removes a worktree and everything in it, and prunes git's record of it. A linked install
 * (`node_modules` pointing into the install cache) is unlinked first, never followed. Safe to call
 * on a directory that is already gone.
 *
 * @example
 * await removeWorktree('.', '/tmp/campaign/worktrees/baseline');
 */
export async function removeWorktree(repo: string, dir: string): Promise<void> {
  const target = resolve(dir);
  const modules = join(target, 'node_modules');
  try {
    if (lstatSync(modules).isSymbolicLink()) unlinkSync(modules);
  } catch {
    // no node_modules: nothing to unlink
  }
  const git = simpleGit(repo);
  try {
    await git.raw(['worktree', 'remove', '--force', '--force', target]);
  } catch {
    // not registered any more, or git refused: the directory is removed below and pruned
  }
  rmSync(target, { recursive: true, force: true });
  await git.raw(['worktree', 'prune']);
}
