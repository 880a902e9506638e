import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { DEFAULT_TURN_BUDGET, isEmbeddedProduct } from '../../agent/index.js';
import { packageVersion, type QueueTarget } from '../../core/index.js';
import { loadServingConfig } from '../../product/index.js';
import { productAtHead } from '../campaign/remote/job-product.js';
import type { RolloutRunner, RunnableArm } from '../campaign/rollout-runner.js';
import type { LoadedCampaign } from './config/load-config.js';

/** An optimizer campaign on a queue: where its jobs go and the product they run against. */
export interface OptimizeQueue {
  runner: RolloutRunner;
  arm: RunnableArm;
}

async function productArm(loaded: LoadedCampaign): Promise<{ arm: RunnableArm; repo: string | null }> {
  const { repo, manifest } = loaded.paths;
  if (isEmbeddedProduct(repo, manifest))
    return { arm: { arm: 'product', commit: '', worktree: '', harness: [], embedded: true }, repo: null };
  const { commit } = await productAtHead(repo, manifest, '`optimize --queue`');
  return { arm: { arm: 'product', commit, worktree: '', harness: [] }, repo };
}

/**
 * Opens the queue an optimizer campaign's rollouts go to: the product as workers reach it (the
 * embedded product at this agent-track's version, or the product repository at its clean HEAD),
 * the agent's LLM block (a dry run's stand-in block, its sampling params included, is written to
 * `<dir>/stand-in-block.yaml`; each worker serves its own stand-in), keyed by the campaign directory,
 * axis, product and block so a resume finds its own jobs. The queue's modules load only here.
 *
 * @example
 * const queue = await openOptimizeQueue(loaded, { target, dir, dryRun: true, model: 'offline', log });
 */
export async function openOptimizeQueue(
  loaded: LoadedCampaign,
  options: { target: QueueTarget; dir: string; dryRun: boolean; model: string; log: (line: string) => void },
): Promise<OptimizeQueue> {
  const { campaignKey, openQueueRunner } = await import('../campaign/remote/queue-runner.js');
  const { arm, repo } = await productArm(loaded);
  let blockFile = loaded.paths.llm_block;
  if (options.dryRun) {
    // The worker's `--endpoint-url` replaces the address; the params are what the rollouts send.
    const params = loaded.config.stand_in === undefined ? {} : { params: { ...loaded.config.stand_in } };
    blockFile = join(options.dir, 'stand-in-block.yaml');
    writeFileSync(
      blockFile,
      stringify({ provider: 'openai', base_url: 'http://127.0.0.1:9/v1', max_retries: 0, ...params }),
    );
  }
  const block = createHash('sha256').update(readFileSync(blockFile)).digest('hex');
  const runner = await openQueueRunner({
    target: options.target,
    campaign: campaignKey(options.dir, {
      axis: loaded.config.axis,
      product: arm.embedded === true ? `agent-track ${packageVersion()}` : arm.commit,
      model: options.model,
      block,
    }),
    dir: options.dir,
    repo,
    model: options.model,
    blockFile,
    settings: { turnBudget: DEFAULT_TURN_BUDGET, configFile: null, workspace: null },
    ingestion: loadServingConfig().ingestion,
    standIn: options.dryRun ? { salted: false } : null,
    log: options.log,
  });
  options.log(
    `Rollouts: jobs on ${runner.label}; \`agent-track worker --queue ${options.target.url}\` on each machine runs them`,
  );
  return { runner, arm };
}
