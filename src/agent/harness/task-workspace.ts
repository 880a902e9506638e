import { AgentTrackError } from '../../core/index.js';
import { ensureIndex, type ServingConfig } from '../../product/index.js';
import type { Task } from '../../retrieval/index.js';
import { corpusKey } from '../../retrieval/index.js';

export interface WorkspaceOptions {
  /** The serving config: its ingestion keys decide what a bundle holds. */
  config: ServingConfig;
  /** The cache corpora are materialized and indexed into (`ensureIndex`: `<cacheDir>/indexes/`). */
  cacheDir: string;
  /** Where local clones of pinned repositories live. */
  reposDir: string;
  /** The workspace of tasks that name no corpus. */
  workspace?: string;
}

/** A task -> the indexed workspace its server serves. */
export type WorkspaceResolver = (task: Task) => Promise<string>;

/**
 * Resolves each task's workspace: a task naming a corpus gets the retrieval layer's cached index
 * (`ensureIndex`: materialized and built once per corpus content and ingestion keys, the same
 * folder the campaign plan checks; concurrent tasks on one corpus share one build); a task naming
 * none uses `workspace`, and without one is refused naming the task.
 *
 * @example
 * const resolveWorkspace = createWorkspaceResolver({ config, cacheDir, reposDir });
 * const ws = await resolveWorkspace(task);
 */
export function createWorkspaceResolver(options: WorkspaceOptions): WorkspaceResolver {
  const building = new Map<string, Promise<string>>();
  return async (task) => {
    const corpus = task.corpus;
    if (corpus === undefined) {
      if (options.workspace !== undefined) return options.workspace;
      throw new AgentTrackError(
        'NO_WORKSPACE',
        `Task \`${task.id}\` names no corpus and no \`--workspace\` was given to search`,
        { data: { task_id: task.id } },
      );
    }
    const key = corpusKey(corpus);
    let build = building.get(key);
    if (build === undefined) {
      build = ensureIndex(corpus, options).then((status) => status.workspace);
      building.set(key, build);
    }
    return build;
  };
}
