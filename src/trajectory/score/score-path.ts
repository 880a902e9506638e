import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { AgentTrackError } from '../../core/index.js';
import { rolloutId, rolloutRepeatOf, type ScoredTask } from '../../retrieval/index.js';
import { importTranscript, type TranscriptFormat } from '../importers/import-transcript.js';
import { type ComputeMetricsOptions, computeMetrics, type TrajectoryMetrics } from '../metrics/compute.js';
import { readTrajectories } from '../reader/list-trajectories.js';
import { CLAUDE_CODE_TOOL_ROLES, GENERIC_TOOL_ROLES, type ToolRoles } from '../tools/tool-roles.js';
import { transcriptExtractor } from '../tools/transcript-extractor.js';
import { importedError, importedSource } from './imported-error.js';

/** One trajectory scored, or the error that refused it (the others are still scored). */
export type ScoredTrajectory =
  | { source: string; metrics: TrajectoryMetrics; warnings: string[]; error?: never }
  | { source: string; error: Error; metrics?: never };

export interface ScorePathOptions extends ComputeMetricsOptions {
  /** Task id -> task, for the gold metrics; a trajectory whose task is absent scores without gold. */
  tasks?: ReadonlyMap<string, ScoredTask>;
  /** Where an imported transcript's trajectories are written (default: a temp dir removed after). */
  importDir?: string;
  /**
   * The directory the transcript's agent worked in (its corpus): paths under it in the results are
   * made relative, the namespace gold is written in. Read with `roles` (the product's extractor).
   */
  corpusRoot?: string;
  /**
   * How a transcript's results are judged failed beyond its own error flag: a pattern a failed
   * result matches, `null` for none; default `DEFAULT_ERROR_RULE` for formats without a flag. Only
   * for a transcript: a recorded run's calls already say whether they failed (refused otherwise).
   */
  errorPattern?: RegExp | null;
}

/**
 * Scores everything at a path: a trajectory directory, a run directory of many (streamed one at a
 * time, never all held), or a transcript file (Claude Code stream-json, OpenAI messages or OTLP
 * JSON traces, imported first, scored with its agent's roles unless `roles` is given: the ones an
 * agent-track export names, else Claude Code's, or the generic ones for an OpenAI log or a trace). A trajectory that cannot be read or scored, or that the importer refused to write, yields its error and the walk goes on.
 *
 * @example
 * for await (const scored of scorePath('runs/demo', { tasks })) if (!scored.error) use(scored.metrics);
 */
export async function* scorePath(
  path: string,
  options: ScorePathOptions = {},
): AsyncGenerator<ScoredTrajectory> {
  if (!existsSync(path)) {
    throw new AgentTrackError(
      'PATH_NOT_FOUND',
      `Nothing to score at \`${path}\`: no such file or directory`,
      {
        data: { path },
      },
    );
  }
  if (options.errorPattern !== undefined && !statSync(path).isFile()) {
    throw new AgentTrackError(
      'INVALID_OPTION',
      `An error pattern judges a transcript's results; \`${path}\` is a directory of recorded runs, whose calls already say whether they failed`,
      { data: { option: 'errorPattern', path } },
    );
  }
  let runDir = path;
  // The roles a trajectory is scored with: the caller's, else the transcript's own, else its format's.
  const rolesOf = new Map<string, ToolRoles>();
  // A transcript is imported into a scratch directory of its own, removed when the walk ends.
  const scratch = statSync(path).isFile() && options.importDir === undefined;
  const importWarnings = new Map<string, string[]>();
  const refused: { dir: string; why: string }[] = [];
  if (statSync(path).isFile()) {
    runDir = options.importDir ?? mkdtempSync(join(tmpdir(), 'agent-track-import-'));
    try {
      // Named roles read the results as the live harness does for that product (`transcriptExtractor`).
      const extract =
        options.roles === undefined
          ? undefined
          : transcriptExtractor(
              options.roles,
              options.corpusRoot === undefined ? {} : { root: options.corpusRoot },
            );
      const imported = await importTranscript(path, {
        runDir,
        overwrite: true,
        ...(extract ? { extract } : {}),
        ...(options.errorPattern === undefined ? {} : { errorPattern: options.errorPattern }),
      });
      // Made even when every session was refused (nothing written), so the walk finds it empty.
      mkdirSync(runDir, { recursive: true });
      for (const trajectory of imported) {
        if (trajectory.refused !== undefined) refused.push({ dir: trajectory.dir, why: trajectory.refused });
        importWarnings.set(trajectory.dir, trajectory.warnings);
        // An export names its roles; otherwise the format says which agent wrote it, so which roles its tools play.
        const roles = trajectory.roles ?? (trajectory.format && PROFILE_OF_FORMAT[trajectory.format]);
        if (roles) rolesOf.set(resolve(trajectory.dir), roles);
      }
    } catch (error) {
      if (scratch) rmSync(runDir, { recursive: true, force: true });
      yield { source: path, error: error as Error };
      return;
    }
  }
  // An error about a trajectory imported from a transcript names the transcript and the session.
  const named = (dir: string, error: Error) =>
    runDir === path ? { source: dir, error } : importedError(path, runDir, dir, error);
  try {
    // A session the importer refused to write (it does not record what it would be scored on).
    for (const { dir, why } of refused)
      yield named(dir, new AgentTrackError('TRANSCRIPT_UNSCORABLE', `${dir}: ${why}`, { data: { dir } }));
    for await (const outcome of readTrajectories(runDir)) {
      if (outcome.error) {
        yield named(outcome.dir, outcome.error);
        continue;
      }
      const task = taskOf(options.tasks, outcome.trajectory.task_id);
      try {
        const roles = options.roles ?? rolesOf.get(resolve(outcome.dir));
        const metrics = computeMetrics(outcome.trajectory, task, { ...options, roles });
        // A scratch import is gone when the caller reads this: name the transcript and session.
        const source = scratch ? importedSource(path, outcome.dir) : outcome.dir;
        yield { source, metrics, warnings: importWarnings.get(outcome.dir) ?? [] };
      } catch (error) {
        yield named(outcome.dir, error as Error);
      }
    }
  } finally {
    if (scratch) rmSync(runDir, { recursive: true, force: true });
  }
}

// A trajectory's task: by its id, else, for a trial `8~2` (`rolloutId`), repeat 2 of task `8`.
function taskOf(tasks: ReadonlyMap<string, ScoredTask> | undefined, id: string): ScoredTask | null {
  const exact = tasks?.get(id);
  if (exact !== undefined) return exact;
  const { taskId, repeat } = rolloutRepeatOf(id);
  const base = repeat === 1 ? undefined : tasks?.get(taskId);
  return base === undefined ? null : { ...base, id: rolloutId(base.id, repeat) };
}

/** The roles of the agent each transcript format comes from. */
const PROFILE_OF_FORMAT: Record<TranscriptFormat, ToolRoles> = {
  'claude-code': CLAUDE_CODE_TOOL_ROLES,
  openai: GENERIC_TOOL_ROLES,
  otel: GENERIC_TOOL_ROLES,
};
