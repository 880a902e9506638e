import { existsSync, realpathSync } from 'node:fs';
import { simpleGit } from 'simple-git';
import { readArmManifest } from './arm-manifest.js';
import type { ArmRecordEntry } from './arm-record.js';
import { checkedArm, type PrepareArmOptions, type PreparedArm } from './prepare-arm.js';
import { installKey, linkedInstall, splitSetup } from './setup-arm.js';

/**
 * The worktree an earlier run of the campaign set up for this arm, when it can be run as it is:
 * still registered at the same commit, no tracked file changed, its manifest's `setup` the one it
 * was set up with, its install (when linked from the cache) the one its lockfile keys, and its
 * product still inside it. Else `null` (the caller removes it and prepares the arm afresh).
 *
 * @example
 * await keptArm(entry, { repo, arm: 'baseline', commit: sha, installCache }); // PreparedArm | null
 */
export async function keptArm(
  entry: ArmRecordEntry,
  want: Pick<
    PrepareArmOptions,
    'repo' | 'arm' | 'commit' | 'installCache' | 'manifestName' | 'defaultHarness'
  >,
): Promise<PreparedArm | null> {
  const ready = entry.ready;
  if (ready === undefined || entry.arm !== want.arm || entry.commit !== want.commit) return null;
  if (!existsSync(entry.dir)) return null;
  try {
    const git = simpleGit(entry.dir);
    if ((await git.revparse(['--show-toplevel'])) !== realpathSync(entry.dir)) return null;
    if ((await git.revparse(['HEAD'])) !== want.commit) return null;
    if ((await git.raw(['status', '--porcelain', '--untracked-files=no'])).trim() !== '') return null;
    const manifest = readArmManifest(entry.dir, want.manifestName);
    if ((manifest.setup ?? null) !== ready.setup) return null;
    if (ready.installKey !== null) {
      const install = splitSetup(ready.setup ?? '').install;
      if (install === null || installKey(entry.dir, install) !== ready.installKey) return null;
      if (!linkedInstall(entry.dir, ready.installKey, want.installCache)) return null;
    }
    return checkedArm(want, entry.dir, manifest, {
      install: 'kept',
      installKey: ready.installKey,
      durationMs: 0,
    });
  } catch {
    // not a worktree any more, a manifest that no longer loads, a product that moved: start afresh
    return null;
  }
}
