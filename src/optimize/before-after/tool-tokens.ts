import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { toolTokens } from '../../agent/index.js';
import { ARM_SERVING_CONFIG } from '../campaign/arms/plan-view.js';
import type { PreparedArm } from '../campaign/arms/prepare-arm.js';
import { descriptionTokens } from './arm-probe.js';

/** Where an arm's tool-description tokens came from, as the plan prints it. */
export type ToolTokensSource = 'server' | 'cache' | 'artifact' | 'unknown';

export interface ArmToolTokens {
  tokens: number;
  source: ToolTokensSource;
}

// One arm's server listing is decided by its commit, its manifest (not where its worktree is) and
// the serving config it reads.
function probeKey(arm: PreparedArm, config: string | undefined): string {
  const { file: _where, ...manifest } = arm.manifest as PreparedArm['manifest'] & { file?: string };
  const hash = createHash('sha256').update(`${arm.commit}\0${JSON.stringify(manifest)}`);
  const serving = config ? resolve(config) : join(arm.worktree, ARM_SERVING_CONFIG);
  if (existsSync(serving)) hash.update('\0').update(readFileSync(serving));
  return hash.digest('hex').slice(0, 24);
}

/**
 * The tool-description tokens a `tool_docs` artifact implies, before its server is built: each
 * tool's name, description, and a JSON Schema of its documented parameters (strings). The server's
 * own schemas differ a little (types, required keys); the built arm's listing replaces this.
 *
 * @example
 * artifactToolTokens('search_codebase:\n  description: Search.\n  parameters: { query: Words }\n'); // 3 + 2 + 18 = 23
 */
export function artifactToolTokens(text: string): number {
  const docs = (parse(text) ?? {}) as Record<string, { description?: unknown; parameters?: unknown }>;
  let total = 0;
  for (const [name, tool] of Object.entries(docs)) {
    const parameters = (tool?.parameters ?? {}) as Record<string, unknown>;
    const properties = Object.fromEntries(
      Object.entries(parameters).map(([key, doc]) => [key, { type: 'string', description: String(doc) }]),
    );
    total += toolTokens({
      name,
      description: typeof tool?.description === 'string' ? tool.description.trim() : '',
      input_schema: { type: 'object', properties },
    });
  }
  return total;
}

/**
 * An arm's tool-description tokens for the plan: the figure kept in `<cacheDir>/probes/` by
 * commit, manifest and serving config when an earlier build measured it; else a built arm is
 * measured from its own server (and the figure kept); an arm not built (a plan that spends
 * nothing runs no setup) takes its `tool_docs` artifact's
 * estimate (kept by the text's sha256, so a second plan of the same docs counts nothing), else 0,
 * and says which.
 *
 * @example
 * await armToolTokens(arm, { cacheDir, built: false }); // { tokens: 1165, source: 'cache' }
 */
export async function armToolTokens(
  arm: PreparedArm,
  options: { cacheDir: string; built: boolean; config?: string; corpus?: string },
): Promise<ArmToolTokens> {
  const file = join(options.cacheDir, 'probes', `${probeKey(arm, options.config)}.json`);
  // The same commit, manifest and serving config list the same tools: a figure kept from an earlier
  // build is that listing's count, and a built arm starts no server and builds no probe index for it.
  if (existsSync(file)) {
    return { tokens: (JSON.parse(readFileSync(file, 'utf8')) as { tokens: number }).tokens, source: 'cache' };
  }
  if (options.built) {
    const tokens = await descriptionTokens(arm, {
      ...(options.config === undefined ? {} : { config: options.config }),
      ...(options.corpus === undefined ? {} : { corpus: options.corpus }),
    });
    mkdirSync(join(options.cacheDir, 'probes'), { recursive: true });
    writeFileSync(file, `${JSON.stringify({ commit: arm.commit, tokens })}\n`);
    return { tokens, source: 'server' };
  }
  const docs = arm.manifest.artifacts.tool_docs;
  if (docs !== undefined && existsSync(join(arm.worktree, docs))) {
    // The estimate is kept by the text's hash: a plan of docs counted before loads no tokenizer.
    const text = readFileSync(join(arm.worktree, docs), 'utf8');
    const kept = join(
      options.cacheDir,
      'probes',
      `docs-${createHash('sha256').update(text).digest('hex').slice(0, 24)}.json`,
    );
    if (existsSync(kept)) {
      return {
        tokens: (JSON.parse(readFileSync(kept, 'utf8')) as { tokens: number }).tokens,
        source: 'artifact',
      };
    }
    const tokens = artifactToolTokens(text);
    mkdirSync(join(options.cacheDir, 'probes'), { recursive: true });
    writeFileSync(kept, `${JSON.stringify({ tokens })}\n`);
    return { tokens, source: 'artifact' };
  }
  return { tokens: 0, source: 'unknown' };
}
