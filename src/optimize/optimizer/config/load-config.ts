import { existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isEmbeddedProduct } from '../../../agent/index.js';
import { AgentTrackError, issueMessage, issueParts, readYamlFile } from '../../../core/index.js';
import { resolveDataset } from '../../../retrieval/index.js';
import { overlayVariations } from '../propose/overlay-variations.js';
import { type CampaignConfig, campaignConfigSchema, TEXT_AXES } from './config-schema.js';

/** A campaign config as loaded: the file, the parsed config, and every path it names, absolute. */
export interface LoadedCampaign {
  file: string;
  config: CampaignConfig;
  paths: {
    repo: string;
    manifest: string;
    /** The artifact file a text axis edits (from the manifest's `artifacts`); `null` otherwise. */
    artifact: string | null;
    llm_block: string;
    /** The proposer's block: its own, else the agent's. */
    proposer_llm_block: string;
    judge_rubric: string | null;
    judge_llm_block: string | null;
  };
}

function refuse(file: string, key: string, message: string, data: Record<string, unknown> = {}) {
  return new AgentTrackError('INVALID_CAMPAIGN_CONFIG', `${message} in \`${file}\``, {
    data: { file, key, ...data },
  });
}

function existing(file: string, key: string, base: string, value: string, kind: 'file' | 'dir'): string {
  const absolute = resolve(base, value);
  const ok =
    existsSync(absolute) && (kind === 'dir' ? statSync(absolute).isDirectory() : statSync(absolute).isFile());
  if (!ok)
    throw refuse(file, key, `\`${key}\` names \`${value}\`, which is not an existing ${kind}`, { value });
  return absolute;
}

/** The artifact path a product manifest gives for a text axis (the manifest itself is the campaign's to validate). */
function artifactOf(config: CampaignConfig, manifest: string, repo: string, file: string): string | null {
  if (!(TEXT_AXES as readonly string[]).includes(config.axis)) return null;
  const data = readYamlFile(manifest, 'product manifest') as { artifacts?: Record<string, unknown> } | null;
  const value = data?.artifacts?.[config.axis];
  if (typeof value !== 'string') {
    throw new AgentTrackError(
      'INVALID_CAMPAIGN_CONFIG',
      `\`axis\` is \`${config.axis}\` in \`${file}\`, but the product manifest \`${manifest}\` names no \`artifacts.${config.axis}\``,
      { data: { file, key: 'axis', manifest } },
    );
  }
  const serve = (data as { serve?: unknown } | null)?.serve;
  if (
    config.axis === 'tool_docs' &&
    !isEmbeddedProduct(repo, manifest) &&
    !(Array.isArray(serve) && serve.some((arg) => typeof arg === 'string' && arg.includes('{tool_docs}')))
  ) {
    throw new AgentTrackError(
      'INVALID_CAMPAIGN_CONFIG',
      `\`axis\` is \`tool_docs\` in \`${file}\`, but the \`serve\` command of \`${manifest}\` takes no \`{tool_docs}\`: a candidate's tool docs could not reach the server (add e.g. \`--tool-docs, "{tool_docs}"\`)`,
      { data: { file, key: 'axis', manifest } },
    );
  }
  return existing(manifest, `artifacts.${config.axis}`, repo, value, 'file');
}

// Rules zod's shape cannot say, checked after it so their messages name the key.
function crossChecks(config: CampaignConfig, file: string): void {
  const weights = config.objective.weights;
  if (Object.values(weights).every((w) => w === 0)) {
    throw refuse(
      file,
      'objective.weights',
      'Every weight under `objective.weights` is 0: nothing to optimize',
    );
  }
  if (weights.judge_score > 0 && config.judge === undefined) {
    throw refuse(file, 'judge', '`objective.weights.judge_score` is above 0 but there is no `judge`');
  }
  if (weights.judge_score > 0 && config.budgets.max_judge_calls === 0) {
    throw refuse(
      file,
      'budgets.max_judge_calls',
      '`objective.weights.judge_score` is above 0 but `budgets.max_judge_calls` is 0',
    );
  }
  if (
    config.axis === 'ask_architecture' &&
    config.grid.strategy === 'random' &&
    config.grid.samples === undefined
  ) {
    throw refuse(file, 'grid.samples', '`grid.strategy` is `random` but `grid.samples` is not given');
  }
}

/**
 * Validates a parsed campaign config. `file` names the source in refusals and anchors relative
 * paths. An unknown key is refused by name (`INVALID_CAMPAIGN_CONFIG`, `data.key`), before any
 * other problem, since a typo usually also leaves a required key missing.
 *
 * @example
 * parseCampaignConfig(parse(text), 'configs/optimize/tool_docs.yaml').config.axis; // 'tool_docs'
 */
export function parseCampaignConfig(value: unknown, file: string): LoadedCampaign {
  const parsed = campaignConfigSchema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const issue = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0]!;
    const { key } = issueParts(issue, value);
    const text = issueMessage(issue, value);
    throw refuse(file, key, text.charAt(0).toUpperCase() + text.slice(1));
  }
  const config = parsed.data;
  crossChecks(config, file);
  const base = dirname(resolve(file));
  const repo = existing(file, 'product.repo', base, config.product.repo, 'dir');
  const manifest = existing(file, 'product.manifest', repo, config.product.manifest, 'file');
  try {
    resolveDataset(config.dataset);
  } catch (error) {
    throw new AgentTrackError(
      'INVALID_CAMPAIGN_CONFIG',
      `\`dataset\` is \`${config.dataset}\`, which is not registered, in \`${file}\``,
      {
        data: { file, key: 'dataset', value: config.dataset },
        cause: error,
      },
    );
  }
  const llmBlock = existing(file, 'llm_block', base, config.llm_block, 'file');
  const paths: LoadedCampaign['paths'] = {
    repo,
    manifest,
    artifact: artifactOf(config, manifest, repo, file),
    llm_block: llmBlock,
    proposer_llm_block:
      config.proposer.llm_block === undefined
        ? llmBlock
        : existing(file, 'proposer.llm_block', base, config.proposer.llm_block, 'file'),
    judge_rubric: config.judge ? existing(file, 'judge.rubric', base, config.judge.rubric, 'file') : null,
    judge_llm_block: config.judge?.llm_block
      ? existing(file, 'judge.llm_block', base, config.judge.llm_block, 'file')
      : null,
  };
  if (config.axis === 'ask_architecture') {
    config.grid.retrieval_overlay.forEach((overlay, i) => {
      if (overlay !== null) existing(file, `grid.retrieval_overlay.${i}`, base, overlay, 'file');
    });
    const start = config.grid.incumbent?.retrieval_overlay;
    if (typeof start === 'string') existing(file, 'grid.incumbent.retrieval_overlay', base, start, 'file');
  }
  if (config.axis === 'retrieval_config') {
    if (config.overlays.base !== null) existing(file, 'overlays.base', base, config.overlays.base, 'file');
    // Each variation must make a valid serving config; refusals name `overlays.variations.<i>`.
    overlayVariations(config.overlays, { configFile: file });
  }
  return { file, config, paths };
}

/**
 * Reads a campaign config YAML and validates it (`parseCampaignConfig`).
 *
 * @example
 * const { config, paths } = loadCampaignConfig('configs/optimize/tool_docs.yaml');
 */
export function loadCampaignConfig(file: string): LoadedCampaign {
  return parseCampaignConfig(readYamlFile(file, 'campaign config'), file);
}
