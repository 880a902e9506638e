import { goldMatcher, type RelevanceOptions } from '../../retrieval/index.js';
import type { Trajectory } from '../trajectory.js';
import { callItems } from './call-items.js';
import { callsInOrder } from './calls.js';

/** Lines (1-based, inclusive, pre-patch numbering) a patch changed, per file as the patch names it. */
export type PatchLines = ReadonlyMap<string, readonly (readonly [number, number])[]>;

const OLD_FILE = /^--- (.+?)(?:\t.*)?$/;
const NEW_FILE = /^\+\+\+ (.+?)(?:\t.*)?$/;
const HUNK = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@/;

// `a/x` and `b/x` name `x`; `/dev/null` names nothing.
function diffPath(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '/dev/null') return undefined;
  return raw.replace(/^[ab]\//, '');
}

/**
 * The files and old-side line ranges a unified diff touches. A pure insertion (`-l,0`) is charged to
 * line `l`, the line it follows; a created file (`--- /dev/null`) is named by its `+++` path. A
 * `--- ` line is a file header only when a `+++ ` line follows it (else it is a removed line).
 *
 * @example
 * patchLines('--- a/src/a.py\n+++ b/src/a.py\n@@ -3,2 +3,3 @@\n');
 * // Map { 'src/a.py' => [[3, 4]] }
 */
export function patchLines(patch: string): PatchLines {
  const files = new Map<string, [number, number][]>();
  const lines = patch.split(/\r?\n/);
  let current: [number, number][] | undefined;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const oldFile = OLD_FILE.exec(line);
    const newFile = oldFile === null ? null : NEW_FILE.exec(lines[index + 1] ?? '');
    if (oldFile !== null && newFile !== null) {
      const path = diffPath(oldFile[1]) ?? diffPath(newFile[1]);
      current = path === undefined ? undefined : (files.get(path) ?? []);
      if (path !== undefined && current !== undefined) files.set(path, current);
      index += 1;
      continue;
    }
    const hunk = HUNK.exec(line);
    if (hunk !== null && current !== undefined) {
      const start = Number(hunk[1]);
      const size = hunk[2] === undefined ? 1 : Number(hunk[2]);
      current.push([start, start + Math.max(size, 1) - 1]);
    }
  }
  return files;
}

/**
 * The calls that returned a row in the patch's attributed evidence: a row is evidence when its
 * file is one the patch changed (compared by the retrieval layer's path predicate) and, when the
 * row carries lines, they overlap a changed hunk. Calls without rows are judged by the files they
 * returned; a failed call is never evidence. Ascending seqs; empty when there is no patch.
 *
 * @example
 * attributedEvidenceCalls(trajectory); // [2, 5]
 */
export function attributedEvidenceCalls(trajectory: Trajectory, relevance: RelevanceOptions = {}): number[] {
  const patch = trajectory.result.patch;
  if (patch === undefined || patch.trim() === '') return [];
  const lines = patchLines(patch);
  if (lines.size === 0) return [];
  const byKey = new Map<string, (readonly [number, number])[]>();
  const match = goldMatcher(
    { id: trajectory.task_id, gold: { files: [...lines.keys()] } },
    { kind: 'files', caseInsensitivePaths: relevance.caseInsensitivePaths },
  )!;
  for (const [path, ranges] of lines) {
    const key = match({ path })!;
    byKey.set(key, [...(byKey.get(key) ?? []), ...ranges]);
  }
  return callsInOrder(trajectory)
    .filter(
      ({ event }) =>
        // A failed call delivered nothing, whatever its arguments or error text name.
        event.ok &&
        callItems(event).some((item) => {
          const key = match(item);
          if (key === null) return false;
          const row = item as { start?: number; end?: number };
          if (row.start === undefined) return true;
          const end = row.end ?? row.start;
          return (byKey.get(key) ?? []).some(([from, to]) => row.start! <= to && from <= end);
        }),
    )
    .map(({ event }) => event.seq);
}
