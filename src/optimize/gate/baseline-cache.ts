// The gate's baseline cache: a base commit's arm, kept after a gate ran it, so the next pull
// request on the same base runs only its head. An entry is keyed by everything that shapes the
// baseline's rollouts (the base commit, the split's tasks, the model and its LLM block, the
// stand-in's sampling, the serving config, the turn budget, the repeats, agent-track's version);
// it is laid out as a campaign directory holding only the baseline arm's harness output (its
// ledger, trajectories, tool roles: `arms/baseline/`) and the blobs they name (`blobs/`).
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from '../../core/index.js';
import { campaignPaths } from '../campaign/campaign-dir.js';
import { finishedLines } from '../campaign/resume.js';

/** What shapes a baseline arm's rollouts; two gates share a baseline only when all of it is equal. */
export interface BaselineKeyParts {
  base: string;
  split: string;
  /** sha256 of the tasks (ids and gold, in order, repeats applied). */
  tasks: string;
  model: string;
  /** sha256 of the LLM block file (`null` for the offline stand-in, whose block names a port). */
  llm_block: string | null;
  stand_in: { temperature?: number; seed?: number } | null;
  /** sha256 of the serving config given to both arms (`null`: each arm's own). */
  config: string | null;
  workspace: string | null;
  repeats: number;
  turn_budget: number | null;
  agent_track: string;
}

export const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** The entry's directory name: the first 32 hex of the parts' canonical JSON's sha256. */
export function baselineKey(parts: BaselineKeyParts): string {
  return sha256(canonicalJson(parts)).slice(0, 32);
}

const BASELINE = 'baseline';

function entryMatches(entry: string, parts: BaselineKeyParts): boolean {
  const file = join(entry, 'key.json');
  if (!existsSync(file)) return false;
  try {
    return canonicalJson(JSON.parse(readFileSync(file, 'utf8'))) === canonicalJson(parts);
  } catch {
    return false;
  }
}

/**
 * Puts a cached baseline arm into a new campaign directory before it runs, so the campaign adopts
 * its finished rollouts instead of running them (booked 0, attempts 0). Nothing is restored into a
 * directory that has a plan or a baseline of its own (a resume keeps what it ran), or from an entry
 * whose key file is not these parts. Returns the rollouts restored.
 */
export function restoreBaseline(entry: string, parts: BaselineKeyParts, dir: string): number {
  const paths = campaignPaths(dir);
  if (!entryMatches(entry, parts) || existsSync(paths.plan) || existsSync(paths.arm(BASELINE))) return 0;
  mkdirSync(paths.arm(BASELINE), { recursive: true });
  const cached = campaignPaths(entry);
  cpSync(cached.arm(BASELINE), paths.arm(BASELINE), {
    recursive: true,
    filter: (source) => source !== join(cached.arm(BASELINE), 'blobs'),
  });
  if (existsSync(cached.blobs)) cpSync(cached.blobs, paths.blobs, { recursive: true });
  mkdirSync(paths.blobs, { recursive: true });
  symlinkSync(join('..', '..', 'blobs'), join(paths.arm(BASELINE), 'blobs'));
  return finishedLines(paths, BASELINE).size;
}

/**
 * Keeps a campaign's baseline arm as the entry for these parts, when it finished more rollouts
 * than the entry holds: written beside the entry, then renamed into place, so a gate killed while
 * saving leaves the old entry or none, never half of one. Returns the rollouts kept (0: unchanged).
 */
export function saveBaseline(entry: string, parts: BaselineKeyParts, dir: string): number {
  const paths = campaignPaths(dir);
  if (!existsSync(paths.armLedger(BASELINE))) return 0;
  const finished = finishedLines(paths, BASELINE).size;
  const held = entryMatches(entry, parts) ? finishedLines(campaignPaths(entry), BASELINE).size : 0;
  if (finished <= held) return 0;
  const staging = `${entry}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  cpSync(paths.arm(BASELINE), campaignPaths(staging).arm(BASELINE), {
    recursive: true,
    filter: (source) => source !== join(paths.arm(BASELINE), 'blobs'),
  });
  if (existsSync(paths.blobs)) cpSync(paths.blobs, campaignPaths(staging).blobs, { recursive: true });
  writeFileSync(join(staging, 'key.json'), `${canonicalJson(parts)}\n`);
  rmSync(entry, { recursive: true, force: true });
  renameSync(staging, entry);
  return finished;
}
