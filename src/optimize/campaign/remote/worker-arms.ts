import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { simpleGit } from 'simple-git';
import { packageVersion } from '../../../core/index.js';
import { type PreparedArm, prepareArm, removeArm } from '../arms/prepare-arm.js';
import { seedInstall } from '../arms/setup-arm.js';
import type { JobProduct } from './job-schema.js';

/** A job this worker cannot run as it was sent: the reason goes back to the orchestrator. */
export class JobRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobRefused';
  }
}

/** Where a job's harness runs: its directory, command, and the arguments that point it at the product. */
export interface JobPlace {
  worktree: string;
  harness: readonly string[];
  productArgs: readonly string[];
}

export interface WorkerArms {
  /** The arm for a commit of a repository, prepared once (worktree, setup), its tree checked. */
  get(repo: string, commit: string, tree: string): Promise<PreparedArm>;
  /**
   * Where a job runs: a commit's prepared arm (in `repo`, else the job's own repository when this
   * machine has it), or this agent-track itself for the embedded product (its version the job's).
   */
  place(product: JobProduct, repo: string | null): Promise<JobPlace>;
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
  const arms: WorkerArms = {
    async place(product, repo) {
      if (product.kind === 'embedded') {
        const own = packageVersion();
        if (product.version !== own)
          throw new JobRefused(
            `the job runs the embedded product of agent-track ${product.version}; this worker is ${own}`,
          );
        return { worktree: options.ownRoot, harness: options.harness, productArgs: [] };
      }
      const dir = repo ?? (existsSync(product.repo) ? product.repo : null);
      if (dir === null)
        throw new JobRefused(
          `the job's repository \`${product.repo}\` is not on this machine: start the worker with --repo`,
        );
      return arms.get(dir, product.commit, product.tree);
    },
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
  return arms;
}
