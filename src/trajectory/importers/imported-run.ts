import { join } from 'node:path';
import { BLOBS_DIR } from '../files.js';
import { type MessageInput, Recorder, type ResultInput, type ToolCallInput } from '../recorder.js';
import type { CallYield } from '../tools/text-identifiers.js';

export type { CallYield };

import type { ToolRoles } from '../tools/tool-roles.js';

/** What an importer asks of a call's result: what it identified, from its tool, arguments and text. */
export type CallExtractor = (
  tool: string,
  args: Record<string, unknown>,
  text: string,
  ok: boolean,
) => CallYield;

/** A transcript converted to what the Recorder takes, before anything is written. */
export interface ImportedRun {
  task_id: string;
  /** Folder name under `tasks/` when the task id alone would collide (a repeated trial); default: the task id. */
  dir_name?: string;
  /**
   * Where under the run directory it goes instead, as plain directory names (an exported run's own
   * layout, `['arms', 'baseline', 'tasks', 't1']`); wins over `dir_name`.
   */
  dir_path?: string[];
  /** The tool roles the transcript says it was scored with (an agent-track export's); default: its format's. */
  roles?: ToolRoles;
  messages: MessageInput[];
  /** In the order the model issued them: this becomes `seq`. */
  calls: ToolCallInput[];
  /** `null` when the transcript ended before the run did: the trajectory is left incomplete. */
  result: ResultInput | null;
  /** What the importer skipped or guessed, one sentence each, naming where. */
  warnings: string[];
  /**
   * Why the transcript cannot be scored at all (a trace that records none of the calls its model
   * asked for): such a run is never written, so it is never scored as one without calls.
   */
  refused?: string;
}

export interface WriteImportOptions {
  /** Run directory: trajectories go to `<runDir>/tasks/<task id>/`, blobs to `<runDir>/blobs/`. */
  runDir: string;
  /** Replace trajectories already there (default: refuse). */
  overwrite?: boolean;
  previewBytes?: number;
}

/** The transcript formats the importers read. */
export const TRANSCRIPT_FORMATS = ['claude-code', 'openai', 'otel'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

/** What one importer wrote: where, whether it is complete, and what was skipped. */
export interface ImportedTrajectory {
  task_id: string;
  /** Which format it was imported from (so which agent's tool roles score it), when known. */
  format?: TranscriptFormat;
  /** The roles the transcript names for itself (an agent-track export); they win over the format's. */
  roles?: ToolRoles;
  dir: string;
  complete: boolean;
  calls: number;
  messages: number;
  warnings: string[];
  /** Why it was not written (`ImportedRun.refused`): `dir` then holds nothing. */
  refused?: string;
}

/** The directory an imported task is written to (the name URI-encoded, so any id is one folder). */
export function importedTaskDir(runDir: string, name: string): string {
  return join(runDir, 'tasks', encodeURIComponent(name));
}

/**
 * Writes an imported run through the Recorder, so imports and live runs share one format; a
 * refused run writes nothing and says why.
 */
export function writeImportedRun(run: ImportedRun, options: WriteImportOptions): ImportedTrajectory {
  const dir =
    run.dir_path === undefined
      ? importedTaskDir(options.runDir, run.dir_name ?? run.task_id)
      : join(options.runDir, ...run.dir_path);
  if (run.refused !== undefined)
    return {
      task_id: run.task_id,
      dir,
      complete: false,
      calls: 0,
      messages: 0,
      warnings: run.warnings,
      refused: run.refused,
    };
  const recorder = Recorder.create(dir, {
    taskId: run.task_id,
    blobs: join(options.runDir, BLOBS_DIR),
    overwrite: options.overwrite ?? false,
    ...(options.previewBytes === undefined ? {} : { previewBytes: options.previewBytes }),
  });
  for (const message of run.messages) recorder.recordMessage(message);
  for (const call of run.calls) recorder.recordToolCall(call);
  if (run.result !== null) recorder.finish(run.result);
  return {
    task_id: run.task_id,
    dir,
    complete: run.result !== null,
    calls: run.calls.length,
    messages: run.messages.length,
    ...(run.roles === undefined ? {} : { roles: run.roles }),
    warnings: run.warnings,
  };
}
