import { AgentTrackError } from '../../core/index.js';
import { corpusKey, type Task } from '../../retrieval/index.js';
import type { TextExtractor } from '../../trajectory/index.js';
import type { AgentProduct } from '../manifest/agent-product.js';
import type { McpSession } from '../mcp/mcp-session.js';
import { freshServers, type ServerPool } from '../mcp/server-pool.js';
import { type ProductProbe, probeSession } from './product-probe.js';
import { runPool } from './promise-pool.js';
import type { WorkspaceResolver } from './task-workspace.js';

/** The environment variable a campaign sets in its rollouts' children once it has probed their product. */
export const PROBED_ENV = 'AGENT_TRACK_PROBED';

export interface ProbeCorporaOptions {
  product: AgentProduct;
  workspaces: WorkspaceResolver;
  /** The pool the rollouts will take their servers from: a probed server is handed to the first (default: fresh servers). */
  servers?: ServerPool;
  extractor?: TextExtractor;
  /** Corpora probed at once (default 1). */
  concurrency?: number;
  /**
   * A corpus whose place or server cannot be had refuses the run too (a campaign, before it
   * spends); default: it is left to its rollouts, which record the failure.
   */
  strict?: boolean;
  /**
   * Servers probed already (their spec as JSON), skipped; each that passes its probe is added.
   * A runner keeps one across its rollouts, so each server is probed once, not once a rollout.
   */
  probed?: Set<string>;
}

/**
 * Probes a product once per corpus the tasks name (`probeSession` on the first task of each), before
 * any rollout: each server is taken from `servers`, and handed to the first rollout that asks for
 * the same server (the pool returned), so the probe starts no server a rollout would not. A corpus
 * whose place or server cannot be had is not probed (its rollouts fail as they would have, each
 * recorded), unless `strict`. A server that does not find its corpus's file is
 * `PRODUCT_PROBE_FAILED`, thrown after every probe's server is released. Probes come in the order
 * the tasks first name their corpora.
 *
 * @example
 * const { probes, servers } = await probeCorpora(tasks, { product, workspaces, servers: warm });
 */
export async function probeCorpora(
  tasks: readonly Task[],
  options: ProbeCorporaOptions,
): Promise<{ probes: ProductProbe[]; servers: ServerPool }> {
  const firsts = new Map<string, Task>();
  for (const task of tasks) {
    if (task.corpus !== undefined && !firsts.has(corpusKey(task.corpus)))
      firsts.set(corpusKey(task.corpus), task);
  }
  const pool = options.servers ?? freshServers();
  const ready = new Map<string, McpSession[]>();
  const probes = new Map<Task, ProductProbe>();
  let refusal: unknown = null;
  // Without `strict`, what fails before the probe is left to the rollouts.
  const lenient = <T>(step: () => Promise<T>): Promise<T | null> =>
    step().catch((error: unknown) => {
      if (options.strict === true) refusal ??= error;
      return null;
    });
  await runPool([...firsts.values()], options.concurrency ?? 1, async (task) => {
    const place = await lenient(() => options.workspaces(task));
    if (place === null || place.corpus === null) return;
    const spec = await lenient(async () => options.product.serverFor(place));
    if (spec === null || options.probed?.has(JSON.stringify(spec))) return;
    const session = await lenient(() => pool.acquire(spec));
    if (session === null) return;
    try {
      probes.set(
        task,
        await probeSession(session, {
          product: options.product,
          corpus: place.corpus,
          task,
          ...(options.extractor === undefined ? {} : { extractor: options.extractor }),
        }),
      );
      const key = JSON.stringify(spec);
      ready.set(key, [...(ready.get(key) ?? []), session]);
      options.probed?.add(key);
    } catch (error) {
      await pool.release(session, false);
      // A server that died or timed out mid-probe is left to the rollouts, which record it.
      if (
        options.strict === true ||
        (error instanceof AgentTrackError && error.code === 'PRODUCT_PROBE_FAILED')
      )
        refusal ??= error;
    }
  });
  const servers = handOn(pool, ready);
  if (refusal !== null) {
    await servers.close();
    throw refusal;
  }
  // In the order the tasks name their corpora, whichever finished first.
  const ordered = [...firsts.values()].flatMap((task) => {
    const probe = probes.get(task);
    return probe === undefined ? [] : [probe];
  });
  return { probes: ordered, servers };
}

// A pool that first hands out the sessions already taken (keyed by their spec), then asks `inner`.
function handOn(inner: ServerPool, ready: Map<string, McpSession[]>): ServerPool {
  return {
    acquire: async (spec) => {
      const waiting = ready.get(JSON.stringify(spec));
      while (waiting !== undefined && waiting.length > 0) {
        const session = waiting.shift()!;
        if (session.alive) return session;
        await inner.release(session, false);
      }
      return inner.acquire(spec);
    },
    release: (session, clean) => inner.release(session, clean),
    close: async () => {
      const left = [...ready.values()].flat();
      ready.clear();
      for (const session of left) await inner.release(session, true);
      await inner.close();
    },
  };
}
