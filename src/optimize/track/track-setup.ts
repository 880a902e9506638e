import { join } from 'node:path';
import type { AgentAdapter } from '../../agent/index.js';
import {
  type AgentProduct,
  isHttpServer,
  openAgentProduct,
  type ServerCommand,
  type WorkspaceResolver,
} from '../../agent/index.js';
import { AgentTrackError, resolveCacheDir } from '../../core/index.js';
import {
  DEFAULT_SERVING_CONFIG,
  ensureIndex,
  loadServingConfig,
  type ServingConfig,
} from '../../product/index.js';
import type { Task } from '../../retrieval/index.js';
import {
  type CallExtractor,
  resolveToolRoles,
  type ToolRoles,
  transcriptExtractor,
} from '../../trajectory/index.js';
import { trackToolRoles } from './track-roles.js';

/** The product under test as a track uses it: its server per corpus, its name and tool roles. */
export interface TrackProduct {
  product: AgentProduct;
  /** The server's name in the MCP config (the manifest's `name`). */
  name: string;
  roles: ToolRoles;
  /** The reader of a rollout's MCP results, under the path rule of the corpus it ran in (its cwd). */
  extract: (corpus: string) => CallExtractor;
  /** A task's place: its corpus indexed once into the cache (what `prepare` serves; the probe's too). */
  place: WorkspaceResolver;
  /** A task's corpus directory (the agent's cwd) and the server command over its index. */
  prepare(task: Task): Promise<{ cwd: string; server: ServerCommand }>;
}

/**
 * Opens the product for a track: the embedded reference server by default, else the manifest at
 * `dir`; each task's corpus is indexed once into the cache (`ensureIndex`); tool roles are the
 * manifest's under the agent's names for them (`mcp__<name>__<tool>` for Claude Code transcripts).
 * MCP results are read for file paths (search tools also as ranked rows).
 *
 * @example
 * const product = openTrackProduct({ agent });
 * const { cwd, server } = await product.prepare(task);
 */
export function openTrackProduct(options: {
  agent: AgentAdapter;
  dir?: string;
  config?: string;
  cacheDir?: string;
  reposDir?: string;
}): TrackProduct {
  const configFile = options.config ?? DEFAULT_SERVING_CONFIG;
  const config: ServingConfig = loadServingConfig(configFile);
  const product = openAgentProduct({
    config: configFile,
    ...(options.dir === undefined ? {} : { dir: options.dir }),
  });
  const name = product.product.manifest.name;
  const prefix = options.agent.transcript === 'claude-code' ? `mcp__${name}__` : '';
  const roles = trackToolRoles(resolveToolRoles(product.product.manifest.tools ?? 'default'), prefix);
  const cacheDir = resolveCacheDir(options.cacheDir);
  const reposDir = options.reposDir ?? join(cacheDir, 'repos');
  const place: WorkspaceResolver = async (task) => {
    if (task.corpus === undefined) {
      throw new AgentTrackError(
        'TRACK_NO_CORPUS',
        `Task \`${task.id}\` names no corpus: a track runs the agent inside the task's corpus directory`,
        { data: { task_id: task.id } },
      );
    }
    const status = await ensureIndex(task.corpus, { cacheDir, reposDir, config });
    return { workspace: status.workspace, corpus: status.corpus.dir };
  };
  return {
    product,
    name,
    roles,
    extract: (corpus) => transcriptExtractor(roles, { root: corpus }),
    place,
    async prepare(task) {
      const where = await place(task);
      const server = product.serverFor(where);
      if (isHttpServer(server))
        throw new AgentTrackError(
          'TRACK_STDIO_ONLY',
          `The product \`${name}\` is served over HTTP; a track hands the agent a stdio server in its MCP config (headers would have to be written to a file)`,
          { data: { product: name } },
        );
      return { cwd: where.corpus!, server };
    },
  };
}
