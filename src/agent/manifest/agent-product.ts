import { realpathSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { PRODUCT_MANIFEST_FILE, resolveToolRoles, type ToolRoles } from '../../trajectory/index.js';
import type { TaskPlace } from '../harness/task-workspace.js';
import { systemPrompt } from '../loop/system-prompt.js';
import { type LoadedProduct, loadProduct, readArtifact } from './load-manifest.js';
import { type ProductIndexer, productIndexer } from './product-indexer.js';
import {
  embeddedServerCommand,
  PACKAGE_ROOT,
  productServerCommand,
  type ServerSpec,
  servedPlaces,
} from './server-command.js';

/** What one candidate serves instead of the product's own files (the optimizer's rewrites). */
export interface ServeOverrides {
  /** The serving config file (`{config}`). */
  config?: string;
  /** The tool-docs file (`{tool_docs}`). */
  toolDocs?: string;
}

/** What a rollout needs from the product under test: its server per workspace and its prompt. */
export interface AgentProduct {
  product: LoadedProduct;
  /** True for the embedded default (this package's own reference server). */
  embedded: boolean;
  /** The system prompt: the manifest's `ask_prompt` then its `usage_skill`, read now. */
  system: string;
  /** The roles its tools play for the metrics: the manifest's `tools:` (the reference server's by default). */
  roles: ToolRoles;
  /** Its own index step (a manifest `index` command whose workspace `serve` reads), else `null`. */
  indexer: ProductIndexer | null;
  /** What its server reads: an indexed workspace (the index is built only then), the corpus directory. */
  reads: { workspace: boolean; corpus: boolean };
  serverFor(place: TaskPlace, overrides?: ServeOverrides): ServerSpec;
}

export interface OpenProductOptions {
  /** The product root holding `agent-track.product.yaml`; default: the embedded reference product. */
  dir?: string;
  /** The manifest's file name relative to `dir` (default `agent-track.product.yaml`). */
  manifest?: string;
  /** The serving config passed as `{config}` (made absolute). */
  config: string;
  /** The embedded reference server over Streamable HTTP on 127.0.0.1 instead of stdio. */
  http?: boolean;
}

/**
 * Whether a product root and manifest file are this package's own (the embedded reference
 * product), symlinks resolved.
 *
 * @example
 * isEmbeddedProduct(PACKAGE_ROOT, join(PACKAGE_ROOT, 'agent-track.product.yaml')); // true
 */
export function isEmbeddedProduct(dir: string, manifest: string): boolean {
  const root = realpathSync(dir);
  return (
    root === realpathSync(PACKAGE_ROOT) && relative(root, realpathSync(manifest)) === PRODUCT_MANIFEST_FILE
  );
}

/**
 * Opens the product a rollout runs against. With a `dir`, its manifest's `serve` command is run
 * from that root; without, the embedded default: this package's manifest and artifacts, served by
 * the running agent-track itself (so it works from source with no build). Either way the prompt
 * comes from the product's artifact files, so a commit that edits them changes what the agent is told.
 *
 * @example
 * const product = openAgentProduct({ dir: '/work/arm-candidate', config: 'configs/serving/default.yaml' });
 * product.serverFor({ workspace: '/tmp/ws', corpus: '/repo' }); // { command: 'node', args: ['dist/cli/bin.js', 'serve', ...], cwd: '/work/arm-candidate' }
 */
export function openAgentProduct(options: OpenProductOptions): AgentProduct {
  const embedded = options.dir === undefined;
  const product = loadProduct(options.dir ?? PACKAGE_ROOT, options.manifest);
  const own = product.manifest.artifacts.tool_docs;
  return {
    product,
    embedded,
    system: systemPrompt(readArtifact(product, 'ask_prompt'), readArtifact(product, 'usage_skill')),
    roles: resolveToolRoles(product.manifest.tools ?? 'default', { source: product.file }),
    indexer: embedded ? null : productIndexer(product),
    reads: embedded ? { workspace: true, corpus: false } : servedPlaces(product),
    serverFor: (place, overrides = {}) => {
      const toolDocs = overrides.toolDocs ?? (own === undefined ? undefined : resolve(product.dir, own));
      const values = {
        config: resolve(overrides.config ?? options.config),
        workspace: place.workspace === null ? null : resolve(place.workspace),
        corpus: place.corpus === null ? null : resolve(place.corpus),
        ...(toolDocs === undefined ? {} : { toolDocs }),
      };
      return embedded
        ? embeddedServerCommand(values, { http: options.http ?? false })
        : productServerCommand(product, values);
    },
  };
}
