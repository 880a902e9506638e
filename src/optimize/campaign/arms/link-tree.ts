import { copyFileSync, linkSync, mkdirSync, readdirSync, readlinkSync, statSync, symlinkSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { filesUnder } from '../remote/rollout-files.js';

/** Each file under a tree (path relative to it, `/`-separated) and its size and modification time. */
export type TreeStamp = Record<string, [size: number, mtimeMs: number]>;

/**
 * Makes `to` a copy of the tree `from` whose files are hard links to `from`'s: a directory each,
 * a symbolic link as it is (its target verbatim), a file linked, or copied where the file system
 * refuses the link (another device, no links). Linking a build's 2,000 files takes ~0.05 CPU-s
 * where copying them took ~0.6 (most of it the kernel's). A file is then one file in two places:
 * one written into in place changes in both, which `treeStamp` and `sameStamp` detect.
 *
 * @example
 * linkTree('/cache/installs/<install>/builds/<key>/outputs/dist', '/tmp/wt/candidate/dist');
 */
export function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/**
 * Every file's size and modification time under `dir` (symbolic links are not followed).
 *
 * @example
 * treeStamp('/cache/.../outputs'); // { 'dist/cli/bin.js': [2988, 1765012345678.9], ... }
 */
export function treeStamp(dir: string): TreeStamp {
  const stamp: TreeStamp = {};
  for (const file of filesUnder(dir)) {
    const { size, mtimeMs } = statSync(file);
    stamp[relative(dir, file).split(sep).join('/')] = [size, mtimeMs];
  }
  return stamp;
}

/**
 * Whether every file `stamp` names under `dir` still has its size and modification time: a
 * file written into in place (through a link) has a new modification time.
 *
 * @example
 * sameStamp('/cache/.../outputs', stamp); // false once a linked file was edited
 */
export function sameStamp(dir: string, stamp: TreeStamp): boolean {
  for (const [path, [size, mtimeMs]] of Object.entries(stamp)) {
    try {
      const now = statSync(join(dir, path));
      if (now.size !== size || now.mtimeMs !== mtimeMs) return false;
    } catch {
      return false;
    }
  }
  return true;
}
