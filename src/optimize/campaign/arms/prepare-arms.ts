import { existsSync, mkdtempSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { type ArmRecordEntry, readArmRecord, writeArmRecord } from './arm-record.js';
import { keptArm } from './kept-arm.js';
import { type PreparedArm, prepareArm } from './prepare-arm.js';
import { removeWorktree } from './worktree.js';

const TEMP_PREFIX = 'agent-track-arms-';

/** A campaign's arms, prepared once, for every step that needs them; `release` removes them. */
export interface PreparedArms {
  arms: PreparedArm[];
  /**
   * Removes the worktrees, their record and (when it made it) the worktrees folder. `keep: true`
   * (a run that stopped before its end) keeps the set-up ones and their record for the resume.
   */
  release(options?: { keep?: boolean }): Promise<void>;
}

/**
 * What preparing one arm did, in one line: its worktree, and its setup (an install reused or made);
 * `skipped` says why (default: a plan builds nothing).
 */
export function armPreparedLine(arm: PreparedArm, skipped = 'a plan builds nothing'): string {
  if (arm.view === true)
    return `${arm.arm}: read at ${arm.commit.slice(0, 12)} from git (its manifest, artifacts, serving config and index code; nothing checked out); no setup (${skipped})`;
  const took = `${(arm.setup.durationMs / 1000).toFixed(1)} s`;
  const what = {
    skipped: `no setup (${skipped})`,
    none: arm.manifest.setup ? `set up in ${took}` : 'no setup in its manifest',
    reused: `set up in ${took}, its install reused from the cache (lockfile unchanged)${arm.setup.buildReused === true ? ', its build too (same tree)' : ''}`,
    installed: `set up in ${took}, installed afresh (kept for the next worktree with this lockfile)`,
    kept: 'the worktree the stopped run set up, reused as it is (commit, setup and install unchanged)',
  }[arm.setup.install];
  return `${arm.arm}: worktree at ${arm.commit.slice(0, 12)}; ${what}`;
}

function entryOf(repo: string, arm: PreparedArm): ArmRecordEntry {
  const ready =
    arm.setup.install === 'skipped'
      ? {}
      : { ready: { setup: arm.manifest.setup ?? null, installKey: arm.setup.installKey } };
  const view = arm.view === true ? { view: true } : {};
  return { repo, dir: arm.worktree, arm: arm.arm, commit: arm.commit, ...ready, ...view };
}

/** Removes a temp folder of worktrees once nothing is left in it. */
function removeEmptyTemp(dir: string): void {
  try {
    if (basename(dir).startsWith(TEMP_PREFIX) && readdirSync(dir).length === 0) rmdirSync(dir);
  } catch {
    // already gone
  }
}

/** Removes a worktree, and the temp folder it was made in once that is empty. */
async function removeEntry(entry: Pick<ArmRecordEntry, 'repo' | 'dir' | 'view'>): Promise<void> {
  // A repository that is gone keeps no record of the worktree, and a plan's view is none: only
  // its directory is left.
  if (existsSync(entry.repo) && entry.view !== true) await removeWorktree(entry.repo, entry.dir);
  else rmSync(entry.dir, { recursive: true, force: true });
  removeEmptyTemp(dirname(entry.dir));
}

/**
 * Prepares every arm of a campaign once (`prepareArm`: worktree at its commit, set up, its product
 * checked to live inside it), one after the other so the second can link the first one's install.
 * Each worktree is written to `recordFile` as soon as it exists (`worktrees.json`). A run that
 * stopped before its end (killed, or released with `keep`) leaves its record: the next run reuses
 * each worktree it set up whose commit, setup and install are unchanged (`keptArm`) and removes the
 * rest. A failure removes what was prepared before it.
 *
 * @example
 * const prepared = await prepareArms({ repo: '.', arms: [{ arm: 'baseline', commit: sha }], recordFile: 'runs/c/worktrees.json', installCache: null });
 * try { use(prepared.arms); } finally { await prepared.release(); }
 */
export async function prepareArms(options: {
  repo: string;
  /** Each arm; its `setup: false` checks it out without setup whatever `setup` says for the rest. */
  arms: readonly { arm: string; commit: string; setup?: boolean }[];
  recordFile: string;
  /** Where the worktrees go; default a fresh temp directory (removed on release). */
  worktreesDir?: string;
  installCache: string | null;
  env?: Record<string, string | undefined>;
  signal?: AbortSignal;
  /** The harness for products whose manifest names none (see `prepareArm`). */
  defaultHarness?: readonly string[];
  /**
   * `false` (a plan): no setup, and each arm not kept from a stopped run is a plan's view of its
   * commit (`addPlanView`: the files a plan reads, no worktree checked out; see `prepareArm`).
   */
  setup?: boolean;
  /** Told each arm's step as it starts and ends (`baseline: setup (npm ci && npm run build)...`). */
  log?: (line: string) => void;
}): Promise<PreparedArms> {
  const repo = resolve(options.repo);
  const stale = readArmRecord(options.recordFile);
  const kept = new Map<string, PreparedArm>();
  for (const arm of options.arms) {
    const entry = stale.find((e) => e.repo === repo && e.arm === arm.arm && e.commit === arm.commit);
    const found = entry === undefined ? null : await keptArm(entry, { ...options, repo, ...arm });
    if (found !== null) kept.set(arm.arm, found);
  }
  const keptDirs = new Set([...kept.values()].map((arm) => arm.worktree));
  for (const entry of stale) if (!keptDirs.has(entry.dir)) await removeEntry(entry);
  const worktreesDir = options.worktreesDir ?? mkdtempSync(join(tmpdir(), TEMP_PREFIX));
  const prepared: PreparedArm[] = [];
  const record = (pending?: string) =>
    writeArmRecord(options.recordFile, [
      ...prepared.map((arm) => entryOf(repo, arm)),
      ...(pending === undefined ? [] : [{ repo, dir: pending }]),
    ]);
  const release = async (how: { keep?: boolean } = {}) => {
    const keep = prepared.filter((arm) => how.keep === true && arm.setup.install !== 'skipped');
    for (const arm of prepared)
      if (!keep.includes(arm)) await removeEntry({ repo, dir: arm.worktree, view: arm.view === true });
    writeArmRecord(
      options.recordFile,
      keep.map((arm) => entryOf(repo, arm)),
    );
    if (options.worktreesDir === undefined) removeEmptyTemp(worktreesDir);
  };
  try {
    for (const arm of options.arms) {
      const reuse = kept.get(arm.arm);
      const setup = arm.setup ?? options.setup;
      if (reuse === undefined && setup !== false)
        options.log?.(`${arm.arm}: a worktree at ${arm.commit.slice(0, 12)}, then its setup...`);
      prepared.push(
        reuse ??
          (await prepareArm({
            onWorktree: (dir) => record(dir),
            repo,
            arm: arm.arm,
            commit: arm.commit,
            worktreesDir,
            installCache: options.installCache,
            env: options.env,
            signal: options.signal,
            ...(options.defaultHarness === undefined ? {} : { defaultHarness: options.defaultHarness }),
            ...(setup === undefined ? {} : { setup }),
            ...(options.setup === false ? { view: true } : {}),
          })),
      );
      record();
      options.log?.(
        setup === false && options.setup !== false
          ? armPreparedLine(prepared.at(-1)!, 'every rollout of it is recorded: nothing of it runs')
          : armPreparedLine(prepared.at(-1)!),
      );
    }
  } catch (error) {
    await release();
    throw error;
  }
  return { arms: prepared, release };
}
