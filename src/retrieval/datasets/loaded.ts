import type { Task } from '../task/schema.js';

/** What a dataset loader returns: the tasks, and what it had to leave out and why. */
export interface LoadedDataset {
  tasks: Task[];
  /** Rows dropped, by reason (e.g. "cites no resolvable file": 2). */
  dropped: Record<string, number>;
  /** Notes a user should see (unverified gold, missing clones). */
  notes: string[];
}

export function countDrop(dropped: Record<string, number>, reason: string): void {
  dropped[reason] = (dropped[reason] ?? 0) + 1;
}
