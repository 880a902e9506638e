import { resolve } from 'node:path';
import { AgentTrackError } from '../../core/index.js';
import {
  DEFAULT_SERVING_CONFIG,
  ensureIndex,
  indexWorkspace,
  materializeCorpus,
  type ServingConfig,
} from '../../product/index.js';
import type { Corpus, Task } from '../../retrieval/index.js';
import { corpusKey } from '../../retrieval/index.js';
import type { ProductIndexer } from '../manifest/product-indexer.js';

/**
 * Where one task's server works: the indexed workspace it serves (`{workspace}`) and the corpus
 * directory it reads (`{corpus}`, absolute). `null` where the product does not need one or the task
 * names none.
 */
export interface TaskPlace {
  workspace: string | null;
  corpus: string | null;
}

export interface WorkspaceOptions {
  /** The serving config: its ingestion keys decide what a bundle holds. */
  config: ServingConfig;
  /** The cache corpora are materialized and indexed into (`ensureIndex`: `<cacheDir>/indexes/`). */
  cacheDir: string;
  /** Where local clones of pinned repositories live. */
  reposDir: string;
  /** The workspace of tasks that name no corpus. */
  workspace?: string;
  /** Whether the product's server reads an indexed workspace (default true); without, no index is built. */
  index?: boolean;
  /** The product's own index step (its `index` command): it builds the workspace instead of agent-track. */
  indexer?: ProductIndexer | null;
  /** The serving config file, passed to the product's `index` command as `{config}`. */
  configFile?: string;
}

// The product's own `index` command builds the workspace, cached by corpus, ingestion keys and the
// product's index code (its commit), so two commits that index differently get two indexes.
async function ownIndex(
  corpus: Corpus,
  options: WorkspaceOptions,
  indexer: ProductIndexer,
): Promise<TaskPlace> {
  const materialized = await materializeCorpus(corpus, { ...options, ingestion: options.config.ingestion });
  const workspace = indexWorkspace(
    options.cacheDir,
    materialized.contentHash,
    options.config,
    await indexer.code(),
  );
  await indexer.build({
    corpus: materialized.dir,
    workspace,
    config: resolve(options.configFile ?? DEFAULT_SERVING_CONFIG),
  });
  return { workspace, corpus: materialized.dir };
}

/** A task -> where its server works. */
export type WorkspaceResolver = (task: Task) => Promise<TaskPlace>;

/**
 * Resolves each task's place: a task naming a corpus gets it materialized (a pinned commit
 * archived into the cache) and, when the product serves an index, its index: built by the
 * product's own `index` command when it has one (`indexer`), else the reference product's cached
 * index (`ensureIndex`). Either is built once per corpus content, ingestion keys and index code
 * (the same folder the campaign plan checks); concurrent tasks on one corpus share one build. A task naming none uses
 * `workspace`, and without one is refused naming the task.
 *
 * @example
 * const resolvePlace = createWorkspaceResolver({ config, cacheDir, reposDir });
 * const { workspace, corpus } = await resolvePlace(task);
 */
export function createWorkspaceResolver(options: WorkspaceOptions): WorkspaceResolver {
  const building = new Map<string, Promise<TaskPlace>>();
  const index = options.index ?? true;
  return async (task) => {
    const corpus = task.corpus;
    if (corpus === undefined) {
      if (options.workspace !== undefined) return { workspace: options.workspace, corpus: null };
      throw new AgentTrackError(
        'NO_WORKSPACE',
        `Task \`${task.id}\` names no corpus and no \`--workspace\` was given to search`,
        { data: { task_id: task.id } },
      );
    }
    const key = corpusKey(corpus);
    let build = building.get(key);
    if (build === undefined) {
      build = !index
        ? materializeCorpus(corpus, { ...options, ingestion: options.config.ingestion }).then(
            (materialized) => ({ workspace: null, corpus: materialized.dir }),
          )
        : options.indexer
          ? ownIndex(corpus, options, options.indexer)
          : ensureIndex(corpus, options).then((status) => ({
              workspace: status.workspace,
              corpus: status.corpus.dir,
            }));
      building.set(key, build);
    }
    return build;
  };
}

/**
 * The resolver for a product's tasks: whether its server reads an index, and its own index step,
 * taken from the product (an `AgentProduct`'s `reads.workspace` and `indexer`).
 *
 * @example
 * const resolvePlace = productWorkspaces(product, { config, cacheDir, reposDir, configFile });
 */
export function productWorkspaces(
  product: { reads: { workspace: boolean }; indexer: ProductIndexer | null },
  options: Omit<WorkspaceOptions, 'index' | 'indexer'>,
): WorkspaceResolver {
  return createWorkspaceResolver({ ...options, index: product.reads.workspace, indexer: product.indexer });
}
