import { join } from 'node:path';
import { type ArmManifest, readArmManifest } from './arm-manifest.js';
import { assertProductInWorktree } from './product-location.js';
import { type SetupArmResult, setupArm } from './setup-arm.js';
import { addWorktree, removeWorktree } from './worktree.js';

/** An arm ready to run: its worktree at its commit, set up, its product checked to live inside it. */
export interface PreparedArm {
  arm: string;
  commit: string;
  worktree: string;
  manifest: ArmManifest;
  /** The worktree's own harness entry, from its own manifest. */
  harness: readonly string[];
  setup: SetupArmResult;
}

export interface PrepareArmOptions {
  repo: string;
  arm: string;
  /** A full sha (see `resolveCommit`). */
  commit: string;
  /** Worktrees go to `<worktreesDir>/<arm>`. */
  worktreesDir: string;
  /** Installs reused across worktrees by lockfile hash; `null` never reuses. */
  installCache: string | null;
  env?: Record<string, string | undefined>;
  manifestName?: string;
  signal?: AbortSignal;
  /** Called with the worktree's directory as soon as it exists (to record it before setup runs). */
  onWorktree?: (dir: string) => void;
}

/**
 * Adds the arm's worktree at its commit, reads that commit's product manifest, runs its `setup`,
 * and refuses the arm when its `harness` or `serve` resolves outside the worktree. On any failure
 * the worktree is removed before the error is thrown.
 *
 * @example
 * const arm = await prepareArm({ repo: '.', arm: 'baseline', commit: sha, worktreesDir: 'runs/demo/worktrees', installCache: null });
 */
export async function prepareArm(options: PrepareArmOptions): Promise<PreparedArm> {
  const worktree = await addWorktree(options.repo, options.commit, join(options.worktreesDir, options.arm));
  try {
    options.onWorktree?.(worktree);
    const manifest = readArmManifest(worktree, options.manifestName);
    const setup = await setupArm({
      worktree,
      setup: manifest.setup,
      installCache: options.installCache,
      env: options.env,
      signal: options.signal,
    });
    for (const [role, argv] of [
      ['harness', manifest.harness],
      ['serve', manifest.serve],
    ] as const) {
      assertProductInWorktree({ arm: options.arm, worktree, role, argv });
    }
    return { arm: options.arm, commit: options.commit, worktree, manifest, harness: manifest.harness, setup };
  } catch (error) {
    await removeWorktree(options.repo, worktree);
    throw error;
  }
}

/**
 * Removes a prepared arm's worktree.
 *
 * @example
 * await removeArm('.', arm);
 */
export async function removeArm(repo: string, arm: Pick<PreparedArm, 'worktree'>): Promise<void> {
  await removeWorktree(repo, arm.worktree);
}
