import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { simpleGit } from 'simple-git';
import { type PreparedArm, prepareArm, removeArm } from '../arms/prepare-arm.js';
import { seedInstall } from '../arms/setup-arm.js';

/** A job this worker cannot run as it was sent: the reason goes back to the orchestrator. */
export class JobRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobRefused';
  }
}

export interface WorkerArms {
  /** The arm for a commit of a repository, prepared once (worktree, setup), its tree checked. */
  get(repo: string, commit: string, tree: string): Promise<PreparedArm>;
  /** Removes every worktree this worker added. */
  release(): Promise<void>;
}

/**
 * A worker's own checkouts: one worktree per (repository, commit), set up with the install cache
 * as on one machine, and reused for every job of that commit. A commit the repository lacks, or
 * whose tree is not the job's, is refused. When the product's lockfile is byte-identical to this
 * agent-track's own (the demo product is agent-track), its install is linked rather than redone.
 *
 * @example
 * const arms = workerArms({ worktreesDir, installCache, harness, ownRoot });
 * const arm = await arms.get('/src/product', sha, tree);
 */
export function workerArms(options: {
  worktreesDir: string;
  installCache: string | null;
  harness: readonly string[];
  /** This agent-track's checkout: its `node_modules` serves a product with the same lockfile. */
  ownRoot: string;
  /** Tells this worker's worktrees from another's (letters, digits, `-`). */
  id: string;
  env?: Record<string, string | undefined>;
}): WorkerArms {
  const prepared = new Map<string, Promise<PreparedArm>>();
  const repos = new Map<string, string>();
  const prepare = async (repo: string, commit: string, tree: string): Promise<PreparedArm> => {
    let got: string;
    try {
      got = (await simpleGit(repo).revparse([`${commit}^{tree}`])).trim();
    } catch {
      throw new JobRefused(
        `commit ${commit.slice(0, 12)} is not in this worker's repository \`${repo}\`: fetch it there`,
      );
    }
    if (got !== tree)
      throw new JobRefused(
        `commit ${commit.slice(0, 12)} has tree ${got.slice(0, 12)} here, not the job's ${tree.slice(0, 12)}`,
      );
    const ownLock = join(options.ownRoot, 'package-lock.json');
    return prepareArm({
      repo,
      // Named for this worker too: git keeps a worktree's admin folder by its directory's name, and
      // two workers adding the same commit to one repository at once must not meet there.
      arm: `${commit.slice(0, 12)}-${options.id}`,
      commit,
      worktreesDir: options.worktreesDir,
      installCache: options.installCache,
      defaultHarness: options.harness,
      ...(options.env === undefined ? {} : { env: options.env }),
      onWorktree: (dir) => {
        const lock = join(dir, 'package-lock.json');
        if (options.installCache === null || !existsSync(lock) || !existsSync(ownLock)) return;
        if (!readFileSync(lock).equals(readFileSync(ownLock))) return;
        seedInstall({
          checkout: dir,
          install: 'npm ci',
          modules: join(options.ownRoot, 'node_modules'),
          installCache: options.installCache,
        });
      },
    });
  };
  return {
    get(repo, commit, tree) {
      const key = `${resolve(repo)}\0${commit}`;
      let arm = prepared.get(key);
      if (arm === undefined) {
        arm = prepare(resolve(repo), commit, tree);
        // A refusal or a failed setup is not kept: the next job of the commit tries again.
        arm.catch(() => prepared.delete(key));
        prepared.set(key, arm);
        repos.set(key, resolve(repo));
      }
      return arm;
    },
    async release() {
      for (const [key, arm] of prepared) {
        const ready = await arm.catch(() => null);
        if (ready !== null) await removeArm(repos.get(key)!, ready).catch(() => {});
      }
      prepared.clear();
    },
  };
}
