import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { AgentTrackError } from '../../errors.js';
import { materializeCorpus } from '../../retrieval/corpora/materialize.js';
import { buildIndex, ingestionHash, type ServingConfig, type Task } from '../../retrieval/index.js';

export interface WorkspaceOptions {
  /** The serving config: its ingestion keys decide what a bundle holds. */
  config: ServingConfig;
  /** Where corpora are materialized and workspaces built (`<cacheDir>/workspaces/<key>`). */
  cacheDir: string;
  /** Where local clones of pinned repositories live. */
  reposDir: string;
  /** The workspace of tasks that name no corpus. */
  workspace?: string;
}

/** A task -> the indexed workspace its server serves. */
export type WorkspaceResolver = (task: Task) => Promise<string>;

/**
 * The workspace directory a corpus gets in the cache for a serving config: one per (corpus
 * content, ingestion keys), so both arms of a campaign and every re-run share it.
 *
 * @example
 * workspaceDir('/cache', 'git:3f2a...', config); // '/cache/workspaces/5d1c0e...'
 */
export function workspaceDir(cacheDir: string, contentHash: string, config: ServingConfig): string {
  const key = createHash('sha256')
    .update(`${contentHash}\0${ingestionHash(config.ingestion)}`)
    .digest('hex');
  return join(cacheDir, 'workspaces', key.slice(0, 24));
}

/**
 * Resolves each task's workspace: a task naming a corpus has it materialized and indexed once
 * (reused from the cache when built before; concurrent tasks on one corpus share one build); a
 * task naming none uses `workspace`, and without one is refused naming the task.
 *
 * @example
 * const resolveWorkspace = createWorkspaceResolver({ config, cacheDir, reposDir });
 * const ws = await resolveWorkspace(task);
 */
export function createWorkspaceResolver(options: WorkspaceOptions): WorkspaceResolver {
  const building = new Map<string, Promise<string>>();
  return async (task) => {
    if (task.corpus === undefined) {
      if (options.workspace !== undefined) return options.workspace;
      throw new AgentTrackError(
        'NO_WORKSPACE',
        `Task \`${task.id}\` names no corpus and no \`--workspace\` was given to search`,
        { data: { task_id: task.id } },
      );
    }
    const corpus = await materializeCorpus(task.corpus, options);
    const dir = workspaceDir(options.cacheDir, corpus.contentHash, options.config);
    let build = building.get(dir);
    if (build === undefined) {
      build = Promise.resolve().then(() => {
        if (existsSync(join(dir, 'bundle.json'))) return dir;
        const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
        mkdirSync(tmp, { recursive: true });
        try {
          buildIndex({ corpus: corpus.dir, out: tmp, config: options.config });
          if (!existsSync(dir)) renameSync(tmp, dir);
        } finally {
          rmSync(tmp, { recursive: true, force: true });
        }
        return dir;
      });
      building.set(dir, build);
    }
    return build;
  };
}
