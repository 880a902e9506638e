import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type PreparedArm, prepareArm, removeArm } from './prepare-arm.js';
import { removeWorktree } from './worktree.js';

/** A campaign's arms, prepared once, for every step that needs them; `release` removes them. */
export interface PreparedArms {
  arms: PreparedArm[];
  /** Removes the worktrees, their record and (when it made it) the worktrees folder. */
  release(): Promise<void>;
}

/** Removes the worktrees a campaign killed before its cleanup left behind (see `recordFile`). */
async function removeStaleWorktrees(file: string): Promise<void> {
  if (!existsSync(file)) return;
  let stale: { repo: string; dir: string }[] = [];
  try {
    stale = JSON.parse(readFileSync(file, 'utf8')) as { repo: string; dir: string }[];
  } catch {
    // a record torn by the kill: nothing trustworthy to remove
  }
  for (const { repo, dir } of stale) if (existsSync(repo)) await removeWorktree(repo, dir);
  rmSync(file, { force: true });
}

/** What preparing one arm did, in one line: its worktree, and its setup (an install reused or made). */
export function armPreparedLine(arm: PreparedArm): string {
  const took = `${(arm.setup.durationMs / 1000).toFixed(1)} s`;
  const what = {
    skipped: 'no setup (a plan builds nothing)',
    none: arm.manifest.setup ? `set up in ${took}` : 'no setup in its manifest',
    reused: `set up in ${took}, its install reused from the cache (lockfile unchanged)`,
    installed: `set up in ${took}, installed afresh (kept for the next worktree with this lockfile)`,
  }[arm.setup.install];
  return `${arm.arm}: worktree at ${arm.commit.slice(0, 12)}; ${what}`;
}

/**
 * Prepares every arm of a campaign once (`prepareArm`: worktree at its commit, set up, its product
 * checked to live inside it), one after the other so the second can link the first one's install.
 * Each worktree is written to `recordFile` as soon as it exists, so a run after a hard kill removes
 * what the killed one left (`worktrees.json`); a failure removes what was prepared before it.
 *
 * @example
 * const prepared = await prepareArms({ repo: '.', arms: [{ arm: 'baseline', commit: sha }], recordFile: 'runs/c/worktrees.json', installCache: null });
 * try { use(prepared.arms); } finally { await prepared.release(); }
 */
export async function prepareArms(options: {
  repo: string;
  arms: readonly { arm: string; commit: string }[];
  recordFile: string;
  /** Where the worktrees go; default a fresh temp directory (removed on release). */
  worktreesDir?: string;
  installCache: string | null;
  env?: Record<string, string | undefined>;
  signal?: AbortSignal;
  /** The harness for products whose manifest names none (see `prepareArm`). */
  defaultHarness?: readonly string[];
  /** `false`: worktrees and manifests only, no setup (see `prepareArm`). */
  setup?: boolean;
  /** Told each arm's step as it starts and ends (`baseline: setup (npm ci && npm run build)...`). */
  log?: (line: string) => void;
}): Promise<PreparedArms> {
  const repo = resolve(options.repo);
  await removeStaleWorktrees(options.recordFile);
  const ownTemp = options.worktreesDir === undefined;
  const worktreesDir = options.worktreesDir ?? mkdtempSync(join(tmpdir(), 'agent-track-arms-'));
  const prepared: PreparedArm[] = [];
  const record = (dirs: string[]) =>
    writeFileSync(options.recordFile, `${JSON.stringify(dirs.map((dir) => ({ repo, dir })))}\n`);
  const release = async () => {
    for (const arm of prepared) await removeArm(repo, arm);
    rmSync(options.recordFile, { force: true });
    if (ownTemp) rmSync(worktreesDir, { recursive: true, force: true });
  };
  try {
    for (const arm of options.arms) {
      if (options.setup !== false)
        options.log?.(`${arm.arm}: a worktree at ${arm.commit.slice(0, 12)}, then its setup...`);
      prepared.push(
        await prepareArm({
          onWorktree: (dir) => record([...prepared.map((p) => p.worktree), dir]),
          repo,
          arm: arm.arm,
          commit: arm.commit,
          worktreesDir,
          installCache: options.installCache,
          env: options.env,
          signal: options.signal,
          ...(options.defaultHarness === undefined ? {} : { defaultHarness: options.defaultHarness }),
          ...(options.setup === undefined ? {} : { setup: options.setup }),
        }),
      );
      record(prepared.map((p) => p.worktree));
      const done = prepared.at(-1)!;
      options.log?.(armPreparedLine(done));
    }
  } catch (error) {
    await release();
    throw error;
  }
  return { arms: prepared, release };
}
