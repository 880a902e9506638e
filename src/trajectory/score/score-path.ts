import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentTrackError } from '../../core/index.js';
import type { ScoredTask } from '../../retrieval/index.js';
import { importTranscript } from '../importers/import-transcript.js';
import { type ComputeMetricsOptions, computeMetrics, type TrajectoryMetrics } from '../metrics/compute.js';
import { readTrajectories } from '../reader/list-trajectories.js';

/** One trajectory scored, or the error that refused it (the others are still scored). */
export type ScoredTrajectory =
  | { source: string; metrics: TrajectoryMetrics; warnings: string[]; error?: never }
  | { source: string; error: Error; metrics?: never };

export interface ScorePathOptions extends ComputeMetricsOptions {
  /** Task id -> task, for the gold metrics; a trajectory whose task is absent scores without gold. */
  tasks?: ReadonlyMap<string, ScoredTask>;
  /** Where an imported transcript's trajectories are written (default: a fresh temp dir). */
  importDir?: string;
}

/**
 * Scores everything at a path: a trajectory directory, a run directory of many (streamed one at a
 * time, never all held), or a transcript file (Claude Code stream-json or OpenAI messages,
 * imported first). A trajectory that cannot be read or scored yields its error and the walk goes on.
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
  let runDir = path;
  const importWarnings = new Map<string, string[]>();
  if (statSync(path).isFile()) {
    runDir = options.importDir ?? mkdtempSync(join(tmpdir(), 'agent-track-import-'));
    try {
      for (const imported of await importTranscript(path, { runDir, overwrite: true })) {
        importWarnings.set(imported.dir, imported.warnings);
      }
    } catch (error) {
      yield { source: path, error: error as Error };
      return;
    }
  }
  for await (const outcome of readTrajectories(runDir)) {
    if (outcome.error) {
      yield { source: outcome.dir, error: outcome.error };
      continue;
    }
    const task = options.tasks?.get(outcome.trajectory.task_id) ?? null;
    try {
      const metrics = computeMetrics(outcome.trajectory, task, options);
      yield { source: outcome.dir, metrics, warnings: importWarnings.get(outcome.dir) ?? [] };
    } catch (error) {
      yield { source: outcome.dir, error: error as Error };
    }
  }
}
