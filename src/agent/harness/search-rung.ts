import { loadServingConfig } from '../../product/index.js';
import { type RankingScores, type RelevanceOptions, scoreRanking, type Task } from '../../retrieval/index.js';
import { filePathExtractor, inCorpus } from '../../trajectory/index.js';
import { searchCall, searchShape } from '../endpoint/tool-shapes.js';
import type { AgentProduct } from '../manifest/agent-product.js';
import { extractResult } from '../mcp/extract-result.js';
import { reusedServers } from '../mcp/server-pool.js';
import { productWorkspaces } from './task-workspace.js';

/** What one product's search tool returned for each task's question, scored against the gold. */
export interface SearchRung {
  /** The search tool asked (`searchShape`), `null` when the server offers none. */
  tool: string | null;
  /** Task id -> the ranked scores of its one search; `null` when there was no search tool or the call failed. */
  scores: Map<string, RankingScores | null>;
}

/**
 * The free retrieval rung for any server with a search tool: no model, no money. Each task's
 * question goes once to the tool the offline policy would search with (`searchShape`, in its own
 * style: a question, words, a glob, a regex), its result is read as the recording proxy reads it
 * (`structuredContent` rows, else the text, then made corpus-relative) and scored with the one
 * relevance predicate (`scoreRanking`: recall@1/5/10, MRR, ...; file gold at file level, so a
 * server that lists files and one that ranks pieces are judged alike). Servers are reused per corpus.
 *
 * @example
 * const rung = await searchRung(product, tasks, { config, cacheDir, reposDir });
 * rung.scores.get('py-01')?.['recall@5']; // 1
 */
export async function searchRung(
  product: AgentProduct,
  tasks: readonly Task[],
  options: { config: string; cacheDir: string; reposDir: string; relevance?: RelevanceOptions },
): Promise<SearchRung> {
  const resolve = productWorkspaces(product, {
    config: loadServingConfig(options.config),
    cacheDir: options.cacheDir,
    reposDir: options.reposDir,
    configFile: options.config,
  });
  const servers = reusedServers();
  const extractor = filePathExtractor(undefined, { reads: product.roles.read });
  const scores = new Map<string, RankingScores | null>();
  let tool: string | null = null;
  try {
    for (const task of tasks) {
      const place = await resolve(task);
      const session = await servers.acquire(product.serverFor(place));
      let clean = false;
      try {
        const shape = searchShape(session.definitions);
        tool = shape?.tool ?? tool;
        if (shape === null) {
          scores.set(task.id, null);
        } else {
          const call = searchCall(shape, task.question);
          const result = await session.call(call.name, call.arguments);
          if (result.isError === true) scores.set(task.id, null);
          else {
            const found = inCorpus(
              extractResult(result, { tool: call.name, args: call.arguments }, extractor, place.corpus),
              place.corpus,
            );
            const items = found.rows ?? found.identifiers.map((id) => ({ path: id, doc_id: id }));
            // File gold is judged at file level: a server that lists files and one that ranks pieces meet.
            const level =
              task.gold.files !== undefined && options.relevance?.kind !== 'body' ? 'file' : 'piece';
            scores.set(task.id, scoreRanking(items, task, { ks: [1, 5, 10], level, ...options.relevance }));
          }
        }
        clean = true;
      } finally {
        await servers.release(session, clean);
      }
    }
  } finally {
    await servers.close();
  }
  return { tool, scores };
}
