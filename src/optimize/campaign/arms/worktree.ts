import { existsSync, lstatSync, mkdirSync, rmSync, unlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleGit } from 'simple-git';
import { AgentTrackError } from '../../../core/index.js';

// Another process adding a worktree of the same repository (queue workers share the product's
// repository) writes its `.git/worktrees/<id>/` files one after another, and every `git worktree`
// command reads all of them: one that meets a file still empty dies ("failed to read
// .git/worktrees/<id>/commondir: Success") and changes nothing. Such a command is run again after
// a pause, doubling from 25 ms (~0.8 s in all); git's own `locked` file keeps `prune` off the
// half-written entry.
const HALF_WRITTEN = /failed to read \S*worktrees[\\/][^\\/\s]+[\\/](?:commondir|gitdir)/;
const RETRY_PAUSES_MS = [25, 50, 100, 200, 400];

// `git worktree ARGS` in `repo`, run again while another worktree of the repository is half
// written; any other failure is thrown at once.
async function worktreeCommand(repo: string, args: readonly string[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await simpleGit(repo).raw(['worktree', ...args]);
      return;
    } catch (error) {
      const pause = RETRY_PAUSES_MS[attempt];
      if (pause === undefined || !HALF_WRITTEN.test((error as Error).message)) throw error;
      await sleep(pause);
    }
  }
}

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
    await worktreeCommand(repo, ['add', '--detach', target, commit]);
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
  try {
    await worktreeCommand(repo, ['remove', '--force', '--force', target]);
  } catch {
    // not registered any more, or git refused: the directory is removed below and pruned
  }
  rmSync(target, { recursive: true, force: true });
  await worktreeCommand(repo, ['prune']);
}
