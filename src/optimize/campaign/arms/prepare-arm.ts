import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ProductManifest } from '../../../agent/index.js';
import { serveArgv } from '../../../agent/index.js';
import { armHarness, readArmManifest } from './arm-manifest.js';
import { addPlanView } from './plan-view.js';
import { assertProductInWorktree } from './product-location.js';
import { type SetupArmResult, setupArm } from './setup-arm.js';
import { addWorktree, removeWorktree } from './worktree.js';

/** An arm ready to run: its worktree at its commit, set up, its product checked to live inside it. */
export interface PreparedArm {
  arm: string;
  commit: string;
  worktree: string;
  manifest: ProductManifest;
  /** The harness it runs: the worktree's own (its manifest's `harness`), else agent-track's. */
  harness: readonly string[];
  /** What follows `harness run` to point it at the arm's product (`--product <worktree>` for agent-track's). */
  productArgs: readonly string[];
  setup: SetupArmResult;
  /** `true`: a plan's view of the commit (`addPlanView`), not a git worktree; nothing of it runs. */
  view?: boolean;
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
  /** The harness for a product whose manifest names none: the running agent-track's (the CLI's own). */
  defaultHarness?: readonly string[];
  /** `false`: check the worktree out and read its manifest, run no setup (a plan spends nothing and builds nothing). */
  setup?: boolean;
  /**
   * `true` (with `setup: false`): a plan's view instead of a worktree, only the files a plan reads
   * (`addPlanView`).
   */
  view?: boolean;
}

/**
 * Adds the arm's worktree at its commit, reads that commit's product manifest, runs its `setup`,
 * and refuses the arm when its own `harness` or its `serve` runs code the commit does not decide
 * (`assertProductInWorktree`). A manifest without `harness` runs `defaultHarness` on the worktree.
 * On any failure the worktree is removed before the error is thrown.
 *
 * @example
 * const arm = await prepareArm({ repo: '.', arm: 'baseline', commit: sha, worktreesDir: 'runs/demo/worktrees', installCache: null });
 */
export async function prepareArm(options: PrepareArmOptions): Promise<PreparedArm> {
  const dir = join(options.worktreesDir, options.arm);
  if (options.view === true && options.setup === false) {
    const view = await addPlanView(options.repo, options.commit, dir, options.manifestName);
    try {
      options.onWorktree?.(view);
      const manifest = readArmManifest(view, options.manifestName);
      const skipped = { install: 'skipped' as const, installKey: null, durationMs: 0 };
      return { ...checkedArm(options, view, manifest, skipped), view: true };
    } catch (error) {
      rmSync(view, { recursive: true, force: true });
      throw error;
    }
  }
  const worktree = await addWorktree(options.repo, options.commit, dir);
  try {
    options.onWorktree?.(worktree);
    const manifest = readArmManifest(worktree, options.manifestName);
    const setup =
      options.setup === false
        ? { install: 'skipped' as const, installKey: null, durationMs: 0 }
        : await setupArm({
            worktree,
            setup: manifest.setup,
            outputs: manifest.setup_outputs,
            inputs: manifest.setup_inputs,
            installCache: options.installCache,
            env: options.env,
            signal: options.signal,
          });
    return checkedArm(options, worktree, manifest, setup);
  } catch (error) {
    await removeWorktree(options.repo, worktree);
    throw error;
  }
}

/**
 * An arm whose worktree holds its commit (checked out, and set up unless `setup` says it was
 * skipped): its harness, and, once set up (a build makes `dist/`), its own `harness` and `serve`
 * checked to run the commit's code (`assertProductInWorktree`).
 *
 * @example
 * checkedArm({ arm: 'baseline', commit: sha, defaultHarness }, '/tmp/wt/baseline', manifest, setup);
 */
export function checkedArm(
  options: Pick<PrepareArmOptions, 'arm' | 'commit' | 'defaultHarness'>,
  worktree: string,
  manifest: ProductManifest & { file: string },
  setup: SetupArmResult,
): PreparedArm {
  const { harness, productArgs, own } = armHarness(manifest, worktree, options.defaultHarness);
  if (setup.install !== 'skipped') {
    if (own) assertProductInWorktree({ arm: options.arm, worktree, role: 'harness', argv: harness });
    const serve = serveArgv({ dir: worktree, file: manifest.file, manifest });
    if (serve !== null) assertProductInWorktree({ arm: options.arm, worktree, role: 'serve', argv: serve });
  }
  return { arm: options.arm, commit: options.commit, worktree, manifest, harness, productArgs, setup };
}

/**
 * Removes a prepared arm's worktree.
 *
 * @example
 * await removeArm('.', arm);
 */
export async function removeArm(repo: string, arm: Pick<PreparedArm, 'worktree' | 'view'>): Promise<void> {
  if (arm.view === true) rmSync(arm.worktree, { recursive: true, force: true });
  else await removeWorktree(repo, arm.worktree);
}
