import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { stringify } from 'yaml';
import {
  type AgentProduct,
  type Architecture,
  isEmbeddedProduct,
  openAgentProduct,
  readArtifact,
  systemPrompt,
} from '../../../agent/index.js';
import { readYamlFile } from '../../../core/index.js';
import {
  DEFAULT_SERVING_CONFIG,
  deepMerge,
  loadServingConfig,
  resolveOfflineEndpoints,
  type ServingConfig,
} from '../../../product/index.js';
import type { Candidate } from '../candidate.js';
import type { LoadedCampaign } from '../config/load-config.js';
import { effectiveConfiguration, pointOfText } from '../propose/architecture-point.js';

/** What one candidate changes in a rollout: the product (prompt, server) and the loop's options. */
export interface CandidateSetup {
  product: AgentProduct;
  /** The serving config its workspaces are indexed with. */
  config: ServingConfig;
  architecture?: Architecture;
  turnBudget?: number;
  /** The same as files, for a rollout run elsewhere (a worker's harness): `null` where it keeps the product's own. */
  files: { config: string | null; toolDocs: string | null; systemPrompt: string | null };
}

/**
 * A serving config file for an overlay: the package default with the overlay deep-merged over it,
 * written to `<dir>/serving.yaml` (`dir` must exist); no overlay is the default file itself. With
 * `offlineUrl` (a dry run's offline endpoint), an `endpoint: offline` of its embeddings or rerank
 * step is written as that URL.
 *
 * @example
 * servingFile('runs/c/candidates/abc', { query: { mode: 'all' } }); // 'runs/c/candidates/abc/serving.yaml'
 */
export function servingFile(
  dir: string,
  overlay: Record<string, unknown> | null,
  offlineUrl: string | null = null,
): string {
  if (overlay === null) return DEFAULT_SERVING_CONFIG;
  const resolved = offlineUrl === null ? overlay : resolveOfflineEndpoints(overlay, offlineUrl);
  const merged = deepMerge(readYamlFile(DEFAULT_SERVING_CONFIG, 'serving config'), resolved);
  const file = join(dir, 'serving.yaml');
  writeFileSync(file, stringify(merged));
  return file;
}

/**
 * The campaign's product: the embedded reference product when `product.repo` is this package with
 * its own manifest (served by the running agent-track), else the product at `product.repo`, its
 * server from its manifest's `serve` (`{tool_docs}` carries a candidate's tool docs).
 *
 * @example
 * campaignProduct(loaded).embedded; // true for the shipped configs
 */
export function campaignProduct(loaded: LoadedCampaign): AgentProduct {
  const { repo, manifest } = loaded.paths;
  if (isEmbeddedProduct(repo, manifest)) return openAgentProduct({ config: DEFAULT_SERVING_CONFIG });
  return openAgentProduct({ dir: repo, manifest: relative(repo, manifest), config: DEFAULT_SERVING_CONFIG });
}

/**
 * Puts a candidate in place WITHOUT touching the product's repository: its text goes to files
 * under `dir` (tool docs, a merged serving config) or into the system prompt, and the rollout's
 * options (architecture, turn cap) come from a configuration point.
 *
 * @example
 * const setup = candidateSetup(loaded, candidate, 'runs/c/candidates/abc');
 */
export function candidateSetup(
  loaded: LoadedCampaign,
  candidate: Candidate,
  dir: string,
  offlineUrl: string | null = null,
): CandidateSetup {
  mkdirSync(dir, { recursive: true });
  const axis = loaded.config.axis;
  const base = campaignProduct(loaded);
  const product = base.product;
  const withServer =
    (config: string, toolDocs?: string): AgentProduct['serverFor'] =>
    (place) =>
      base.serverFor(place, { config, ...(toolDocs === undefined ? {} : { toolDocs }) });
  if (axis === 'tool_docs') {
    const file = join(dir, 'tool_docs.yaml');
    writeFileSync(file, candidate.text);
    return {
      product: { ...base, serverFor: withServer(DEFAULT_SERVING_CONFIG, resolve(file)) },
      config: loadServingConfig(),
      files: { config: null, toolDocs: resolve(file), systemPrompt: null },
    };
  }
  if (axis === 'usage_skill' || axis === 'ask_prompt') {
    const ask = axis === 'ask_prompt' ? candidate.text : readArtifact(product, 'ask_prompt');
    const skill = axis === 'usage_skill' ? candidate.text : readArtifact(product, 'usage_skill');
    const system = systemPrompt(ask, skill);
    const file = join(dir, 'system-prompt.txt');
    writeFileSync(file, system);
    return {
      product: { ...base, system },
      config: loadServingConfig(),
      files: { config: null, toolDocs: null, systemPrompt: resolve(file) },
    };
  }
  const point = JSON.parse(candidate.text) as Record<string, unknown>;
  if (axis === 'retrieval_config') {
    const file = servingFile(dir, Object.keys(point).length === 0 ? null : point, offlineUrl);
    return {
      product: { ...base, serverFor: withServer(file) },
      config: loadServingConfig(file),
      files: { config: resolve(file), toolDocs: null, systemPrompt: null },
    };
  }
  // ask_architecture: a grid point, run as its effective configuration (what dedup compared).
  const run = effectiveConfiguration(pointOfText(candidate.text), { configFile: loaded.file });
  const serving = servingFile(dir, run.overlay, offlineUrl);
  return {
    product: { ...base, serverFor: withServer(serving) },
    files: { config: resolve(serving), toolDocs: null, systemPrompt: null },
    config: run.serving,
    architecture: run.architecture,
    turnBudget: run.turn_cap,
  };
}
