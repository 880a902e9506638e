import { basename } from 'node:path';
import { AgentTrackError } from '../../core/index.js';
import type { RungOverlay, RungRun, RungTask, Task } from '../../retrieval/index.js';
import {
  corpusKey,
  goldRanksOf,
  judgeList,
  type LoadedSplit,
  loadSplit,
  scoreRanking,
  summarizeRung,
} from '../../retrieval/index.js';
import { ensureIndex } from '../corpora/index-cache.js';
import { STAND_IN_EMBEDDER, STAND_IN_RERANKER } from '../embed/stand-in-embedder.js';
import { DEFAULT_SERVING_CONFIG, loadServingConfig } from '../serving/load-serving-config.js';
import { connectSearch, type SearchHit } from './search-client.js';

export interface RungOptions {
  /** `<dataset>/<slice>`. */
  split: string;
  /** Retrieval overlays to compare; none: the serving config alone (named `base`). */
  overlays?: readonly string[];
  /** The serving config the overlays merge over (default: the package's default.yaml). */
  config?: string;
  /** The first N tasks of the slice. */
  limit?: number;
  /** Rows asked of each search (default 10). */
  k?: number;
  cacheDir: string;
  reposDir: string;
  /** The workspace searched by tasks that name no corpus. */
  workspace?: string;
  seed?: number;
  registryDir?: string;
  onProgress?: (event: { overlay: string; done: number; total: number }) => void;
}

/**
 * The free retrieval rung: for every overlay, indexes each corpus of the split once (cached),
 * serves it with `agent-track serve` and calls `search_codebase` with each task's question
 * through a real MCP client (no model, no money); scores the rows at piece and file level against
 * the task's gold and times each round trip.
 *
 * @example
 * const { run } = await runRetrievalRung({ split: 'fixture-code/all', overlays: ['configs/retrieval/all-words.yaml'], cacheDir, reposDir });
 */
export async function runRetrievalRung(options: RungOptions): Promise<{ run: RungRun; loaded: LoadedSplit }> {
  const loaded = await loadSplit(options.split, {
    reposDir: options.reposDir,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.registryDir === undefined ? {} : { registryDir: options.registryDir }),
  });
  const tasks = options.limit === undefined ? loaded.tasks : loaded.tasks.slice(0, options.limit);
  const k = options.k ?? 10;
  const base = options.config ?? DEFAULT_SERVING_CONFIG;
  const variants =
    options.overlays && options.overlays.length > 0
      ? options.overlays.map((file) => ({ name: basename(file).replace(/\.ya?ml$/, ''), files: [file] }))
      : [{ name: 'base', files: [] as string[] }];
  const overlays: RungOverlay[] = [];
  for (const variant of variants) {
    overlays.push(
      await rungOverlay({
        ...variant,
        config: base,
        tasks,
        k,
        cacheDir: options.cacheDir,
        reposDir: options.reposDir,
        ...(options.workspace === undefined ? {} : { workspace: options.workspace }),
        ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
      }),
    );
  }
  const { definition, slice } = loaded;
  return {
    loaded,
    run: {
      kind: 'retrieval-rung',
      split: options.split,
      dataset: definition.name,
      slice,
      limit: options.limit ?? null,
      k,
      created_at: new Date().toISOString(),
      overlays,
    },
  };
}

/** One serving config (a base file and its overlays) over a list of tasks. */
export interface RungOverlayOptions {
  /** The overlay's name in the output. */
  name: string;
  /** The serving config file. */
  config: string;
  /** Overlay files merged over it, in order. */
  files: readonly string[];
  tasks: readonly Task[];
  /** Rows asked of each search. */
  k: number;
  cacheDir: string;
  reposDir: string;
  workspace?: string;
  onProgress?: RungOptions['onProgress'];
}

/**
 * One overlay of the free rung over given tasks: indexes each corpus once (cached by content and
 * ingestion keys), serves it, searches each question through a real MCP client and scores the
 * rows. `runRetrievalRung` calls it per overlay; the optimizer's screen calls it per candidate.
 *
 * @example
 * const overlay = await rungOverlay({ name: 'base', config: DEFAULT_SERVING_CONFIG, files: [], tasks, k: 10, cacheDir, reposDir });
 */
export async function rungOverlay(options: RungOverlayOptions): Promise<RungOverlay> {
  const { tasks, k } = options;
  const config = loadServingConfig(options.config, options.files);
  const groups = new Map<string, Task[]>();
  for (const task of tasks)
    groups.set(corpusKey(task.corpus), [...(groups.get(corpusKey(task.corpus)) ?? []), task]);
  const results = new Map<string, RungTask>();
  let done = 0;
  for (const [key, group] of groups) {
    const corpus = group[0]!.corpus;
    let workspace = options.workspace;
    if (corpus !== undefined) {
      workspace = (
        await ensureIndex(corpus, { cacheDir: options.cacheDir, reposDir: options.reposDir, config })
      ).workspace;
    }
    if (workspace === undefined) {
      throw new AgentTrackError(
        'NO_WORKSPACE',
        `Task \`${group[0]!.id}\` names no corpus: give \`--workspace\` (an indexed workspace) to search`,
        { data: { task: group[0]!.id } },
      );
    }
    const client = await connectSearch({ workspace, config: options.config, overlays: options.files });
    try {
      for (const task of group) {
        results.set(task.id, await searchOne(client, task, key, k));
        options.onProgress?.({ overlay: options.name, done: ++done, total: tasks.length });
      }
    } finally {
      await client.close();
    }
  }
  const ordered = tasks.map((task) => results.get(task.id)!);
  const embedder = config.hybrid.mode === 'lexical' ? null : (config.embeddings?.embedder ?? null);
  const reranker = config.rerank?.reranker ?? null;
  const search = {
    mode: config.hybrid.mode,
    embedder,
    reranker,
    stand_in: embedder === STAND_IN_EMBEDDER || reranker === STAND_IN_RERANKER,
  };
  return { name: options.name, files: [...options.files], tasks: ordered, ...summarizeRung(ordered), search };
}

async function searchOne(
  client: Awaited<ReturnType<typeof connectSearch>>,
  task: Task,
  corpus: string,
  k: number,
): Promise<RungTask> {
  let rows: SearchHit[] = [];
  let latency: number | null = null;
  let error: string | undefined;
  try {
    const result = await client.search(task.question, k);
    rows = result.rows;
    latency = result.ms;
  } catch (caught) {
    error = (caught as Error).message;
  }
  const judged = judgeList(rows, task);
  return {
    task_id: task.id,
    corpus,
    latency_ms: latency,
    rows: rows.map(({ path, start, end, name }) => ({
      path,
      ...(start === undefined ? {} : { start }),
      ...(end === undefined ? {} : { end }),
      ...(name === undefined ? {} : { name }),
    })),
    gold_ranks: judged === null ? null : goldRanksOf(judged),
    piece: error ? {} : scoreRanking(rows, task, { ks: [1, 5, 10] }),
    file: error ? {} : scoreRanking(rows, task, { ks: [1, 5, 10], level: 'file' }),
    ...(error ? { error } : {}),
  };
}
