import type { ModelMessage, ModelTurns, ToolEvent, TrajectoryResult } from './schema.js';

/** Reads a whole tool result by its sha256; `undefined` when the blob store does not hold it. */
export interface BlobReader {
  read(sha256: string): string | undefined;
}

/** One agent run on one task, as every metric sees it (read from a directory or an importer). */
export interface Trajectory {
  /** Task id the run answered. */
  task_id: string;
  events: readonly ToolEvent[];
  turns: ModelTurns;
  messages: readonly ModelMessage[];
  result: TrajectoryResult;
  blobs: BlobReader;
  /** Where it was read from, for error messages; absent for one built in memory. */
  dir?: string;
}
