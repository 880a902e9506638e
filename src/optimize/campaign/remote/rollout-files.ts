import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { AgentTrackError, appendJsonlLine, openJsonlLog } from '../../../core/index.js';
import { writeFileAtomic } from '../../../trajectory/index.js';
import { harnessLedgerLineSchema } from '../schema.js';
import type { ContentStore } from './content-store.js';

/** A rollout's files as a job result carries them. */
export interface RolloutFiles {
  lines: string[];
  files: { path: string; data: string }[];
  blobs: string[];
}

/** Every file under `root` (absolute paths, sorted); none when it does not exist. */
export function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile()) out.push(full);
    }
  };
  visit(root);
  return out.sort();
}

/**
 * What one rollout left in a worker's fresh harness `--out`: its harness ledger lines, its
 * trajectory directory's files, and its blobs, put in the content store (each stored once however
 * many rollouts share it).
 *
 * @example
 * const files = await collectRollout('/tmp/job/out', 't1', store);
 */
export async function collectRollout(
  out: string,
  taskId: string,
  store: ContentStore,
): Promise<RolloutFiles> {
  const ledger = join(out, 'ledger.jsonl');
  const lines = existsSync(ledger)
    ? readFileSync(ledger, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
    : [];
  const taskDir = join(out, 'tasks', encodeURIComponent(taskId));
  const files = filesUnder(taskDir).map((file) => ({
    path: relative(taskDir, file),
    data: readFileSync(file).toString('base64'),
  }));
  const blobs: string[] = [];
  for (const file of filesUnder(join(out, 'blobs'))) blobs.push(await store.put(readFileSync(file)));
  return { lines, files, blobs };
}

/**
 * Writes a rollout a worker ran into a harness `--out` here (a campaign's arm directory, an
 * optimizer candidate's rollout directory) as a harness run here would have: the blobs the store
 * holds and `out` lacks, then the trajectory directory (whole, by rename), then its harness ledger
 * lines (a line already there is not appended twice), so a kill at any point leaves either nothing
 * or a rollout the resume adopts. `what` names the rollout in an error.
 *
 * @example
 * await writeRollout(result, 'runs/demo/arms/baseline', 'baseline t1', 't1', store);
 */
export async function writeRollout(
  rollout: RolloutFiles,
  out: string,
  what: string,
  taskId: string,
  store: ContentStore,
): Promise<void> {
  const blobs = join(out, 'blobs');
  mkdirSync(blobs, { recursive: true });
  for (const sha of rollout.blobs) {
    const target = join(blobs, sha);
    if (existsSync(target)) continue;
    const bytes = await store.get(sha);
    if (bytes === null)
      throw new AgentTrackError('CONTENT_MISSING', `Redis no longer holds the blob \`${sha}\` of ${what}`, {
        data: { sha, rollout: what, task_id: taskId },
      });
    writeFileAtomic(target, bytes);
  }
  const taskDir = join(out, 'tasks', encodeURIComponent(taskId));
  if (rollout.files.length > 0) {
    const tmp = `${taskDir}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      for (const file of rollout.files) {
        const target = resolve(tmp, file.path);
        if (!target.startsWith(`${tmp}/`))
          throw new AgentTrackError('PATH_ESCAPE', `A rollout file escapes its directory: \`${file.path}\``, {
            data: { path: file.path },
          });
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, Buffer.from(file.data, 'base64'));
      }
      rmSync(taskDir, { recursive: true, force: true });
      mkdirSync(dirname(taskDir), { recursive: true });
      renameSync(tmp, taskDir);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  // Opened first so a torn last line a kill left is cut before anything is appended after it.
  const file = join(out, 'ledger.jsonl');
  openJsonlLog(file, harnessLedgerLineSchema, 'harness ledger');
  const there = new Set(existsSync(file) ? readFileSync(file, 'utf8').split('\n') : []);
  for (const line of rollout.lines) {
    const record: unknown = JSON.parse(line);
    if (harnessLedgerLineSchema.parse(record).task_id !== taskId || there.has(line)) continue;
    appendJsonlLine(file, record);
    there.add(line);
  }
}
