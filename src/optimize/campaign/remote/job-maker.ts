import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { simpleGit } from 'simple-git';
import { TOKEN_CAP_ENV } from '../../../agent/index.js';
import { packageVersion } from '../../../core/index.js';
import { packCorpus, type ServingConfig } from '../../../product/index.js';
import type { Task } from '../../../retrieval/index.js';
import type { RolloutSettings } from '../harness-args.js';
import type { RolloutRequest } from '../rollout-runner.js';
import type { ContentStore } from './content-store.js';
import { JOB_VERSION, type JobProduct, type RolloutJob } from './job-schema.js';

export interface JobMakerOptions {
  /** The campaign's key on the queue. */
  campaign: string;
  /** The orchestrator's campaign directory, for messages. */
  dir: string;
  /** The product repository the arms' commits are in; `null` when every rollout is the embedded product's. */
  repo: string | null;
  model: string;
  /** The LLM block's sha256 in the content store. */
  block: string;
  /** What a rollout runs with unless its request names its own. */
  settings: RolloutSettings;
  /** What the indexer reads of a directory corpus: a pack holds that. */
  ingestion: ServingConfig['ingestion'];
  /** The offline stand-in: each worker serves its own; `salted` when it samples per arm. */
  standIn: { salted: boolean } | null;
}

/**
 * A file's bytes in the content store once, however many jobs name it (a candidate's files never
 * change): its sha256, `null` for no file.
 *
 * @example
 * const sha = filesByHash(store);
 * job.config = await sha(configFile);
 */
export function filesByHash(store: ContentStore) {
  const sent = new Map<string, Promise<string>>();
  return (file: string | null | undefined): Promise<string | null> => {
    if (file === null || file === undefined) return Promise.resolve(null);
    const path = resolve(file);
    let sha = sent.get(path);
    if (sha === undefined) {
      sha = store.put(readFileSync(path));
      sent.set(path, sha);
    }
    return sha;
  };
}

/**
 * A task's directory corpus as a pack in the content store, once per directory: `{ hash, pack }`
 * for the job, `null` for a task whose corpus is not a directory (a pinned repository is cloned by
 * the worker itself).
 *
 * @example
 * const corpusOf = corpusPacker(store, config.ingestion);
 * job.corpus = await corpusOf(task);
 */
export function corpusPacker(
  store: ContentStore,
  ingestion: ServingConfig['ingestion'],
): (task: Task) => Promise<{ hash: string; pack: string } | null> {
  const packs = new Map<string, Promise<{ hash: string; pack: string }>>();
  return async (task) => {
    const corpus = task.corpus;
    if (corpus === undefined || !('dir' in corpus)) return null;
    let sent = packs.get(corpus.dir);
    if (sent === undefined) {
      const pack = packCorpus(resolve(corpus.dir), ingestion);
      sent = store.put(pack.bytes).then((sha) => ({ hash: pack.hash, pack: sha }));
      packs.set(corpus.dir, sent);
    }
    return sent;
  };
}

/**
 * Turns a booked rollout request into its job: the product (a commit and its tree, or the
 * embedded product at this agent-track's version), the task with its directory corpus packed, and
 * every file it runs with (serving config, a candidate's tool docs and prompt) put in the content
 * store once and named by sha256.
 *
 * @example
 * const jobOf = jobMaker(options, store);
 * await queue.add('rollout', await jobOf(request), { jobId });
 */
export function jobMaker(
  options: JobMakerOptions,
  store: ContentStore,
): (request: RolloutRequest) => Promise<RolloutJob> {
  const sha = filesByHash(store);
  const trees = new Map<string, Promise<string>>();
  const productOf = async ({ commit, embedded }: RolloutRequest['arm']): Promise<JobProduct> => {
    if (embedded === true) return { kind: 'embedded', version: packageVersion() };
    if (options.repo === null)
      throw new Error(`a commit (${commit}) was asked for with no product repository`);
    const repo = options.repo;
    let tree = trees.get(commit);
    if (tree === undefined) {
      tree = simpleGit(repo)
        .revparse([`${commit}^{tree}`])
        .then((text) => text.trim());
      trees.set(commit, tree);
    }
    return { kind: 'commit', repo: resolve(repo), commit, tree: await tree };
  };
  const corpusOf = corpusPacker(store, options.ingestion);
  return async (request) => {
    const settings = request.settings ?? options.settings;
    return {
      v: JOB_VERSION,
      campaign: options.campaign,
      campaign_dir: resolve(options.dir),
      arm: request.arm.arm,
      product: await productOf(request.arm),
      task: request.task,
      corpus: await corpusOf(request.task),
      attempt: request.attempt,
      booking: request.booking,
      model: options.model,
      block: options.block,
      config: await sha(settings.configFile),
      turn_budget: settings.turnBudget,
      workspace: settings.workspace,
      tool_docs: await sha(settings.toolDocs),
      system_prompt: await sha(settings.systemPrompt),
      architecture: settings.architecture ?? null,
      token_cap: request.env[TOKEN_CAP_ENV] ?? null,
      stand_in: options.standIn === null ? null : { salt: options.standIn.salted ? request.arm.arm : null },
      timeout_ms: request.timeoutMs,
    };
  };
}
