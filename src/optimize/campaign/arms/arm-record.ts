import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { z } from 'zod';

const ArmRecordEntry = z.object({
  repo: z.string(),
  dir: z.string(),
  /** Absent in a record written before worktrees were kept: such a worktree is never reused. */
  arm: z.string().optional(),
  commit: z.string().optional(),
  /** Set once the arm's setup finished and its product was checked: what it was set up with. */
  ready: z.object({ setup: z.string().nullable(), installKey: z.string().nullable() }).optional(),
  /** A plan's view of the commit (`addPlanView`), not a git worktree: removed as a plain folder. */
  view: z.boolean().optional(),
});
/** One worktree a campaign holds (`worktrees.json`): where it is and, once set up, with what. */
export type ArmRecordEntry = z.infer<typeof ArmRecordEntry>;

/**
 * The worktrees an earlier run of a campaign left (`worktrees.json`); a record torn by a kill, or
 * none, is empty (nothing trustworthy to reuse or remove).
 *
 * @example
 * readArmRecord('runs/demo/worktrees.json'); // [{ repo: '/src/p', dir: '/tmp/a/baseline', arm: 'baseline', commit: '3f2a...', ready: {...} }]
 */
export function readArmRecord(file: string): ArmRecordEntry[] {
  if (!existsSync(file)) return [];
  try {
    const parsed = z.array(ArmRecordEntry).safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * Writes the worktrees a campaign holds, replacing the record; an empty list removes the file.
 *
 * @example
 * writeArmRecord('runs/demo/worktrees.json', [{ repo, dir, arm: 'baseline', commit: sha }]);
 */
export function writeArmRecord(file: string, entries: readonly ArmRecordEntry[]): void {
  if (entries.length === 0) rmSync(file, { force: true });
  else writeFileSync(file, `${JSON.stringify(entries)}\n`);
}
