import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { blockKey, createOfflinePolicy, loadLlmBlock, startEndpoint } from '../../../agent/index.js';
import { loadServingConfig, unpackCorpus } from '../../../product/index.js';
import type { Task } from '../../../retrieval/index.js';
import type { ContentStore } from './content-store.js';
import type { RolloutJob } from './job-schema.js';
import { JobRefused } from './worker-arms.js';

/** What a job names by hash, on this worker's disk. */
export interface ResolvedInputs {
  blockFile: string;
  configFile: string | null;
  /** An optimizer candidate's tool-docs and prompt files, `null` when the job has none. */
  toolDocs: string | null;
  systemPrompt: string | null;
  /** The job's task, its directory corpus pointed at this worker's unpacked copy. */
  task: Task;
  /** `--endpoint-url` of this worker's own offline stand-in, when the job uses it. */
  endpointArgs: string[];
  /** The key the block names, from this worker's environment: never written anywhere. */
  secrets: string[];
}

export interface JobInputs {
  resolve(job: RolloutJob): Promise<ResolvedInputs>;
  /** A file the job names by sha256, on this worker's disk (`null` for none). */
  file(sha: string | null, what: string, ext: string): Promise<string | null>;
  /** The task with its packed directory corpus unpacked here (the task as sent when it has none). */
  task(task: Task, corpus: RolloutJob['corpus'], configFile: string | null): Promise<Task>;
  close(): Promise<void>;
}

/**
 * Fetches what a job names by content hash (its LLM block, serving config, a candidate's tool docs
 * and prompt, directory corpus) into
 * a worker's directories once each, and serves the offline stand-in from this worker when the job
 * uses it. Refuses (`JobRefused`) a block other than the one the worker is pinned to, a block whose
 * key this worker's environment lacks, and anything Redis no longer holds.
 *
 * @example
 * const inputs = jobInputs({ store, workDir, cacheDir, pinnedBlock: null, env: process.env });
 * const { blockFile, task } = await inputs.resolve(job);
 */
export function jobInputs(options: {
  store: ContentStore;
  workDir: string;
  cacheDir: string;
  pinnedBlock: string | null;
  env: Record<string, string | undefined>;
}): JobInputs {
  const fetched = async (sha: string, what: string, file: string): Promise<string> => {
    if (existsSync(file)) return file;
    const bytes = await options.store.get(sha);
    if (bytes === null)
      throw new JobRefused(`Redis no longer holds the job's ${what} (sha256 ${sha.slice(0, 12)})`);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, bytes);
    return file;
  };
  const endpoints = new Map<string, ReturnType<typeof startEndpoint>>();
  const file = (sha: string | null, what: string, ext: string) =>
    sha === null
      ? Promise.resolve(null)
      : fetched(sha, what, join(options.workDir, 'files', `${sha}.${ext}`));
  const unpacked = async (task: Task, corpus: RolloutJob['corpus'], configFile: string | null) => {
    if (corpus === null) return task;
    const pack = await options.store.get(corpus.pack);
    if (pack === null) throw new JobRefused(`Redis no longer holds the corpus of task ${task.id}`);
    const ingestion = loadServingConfig(configFile ?? undefined).ingestion;
    const dir = unpackCorpus(pack, { cacheDir: options.cacheDir, hash: corpus.hash, ingestion });
    return { ...task, corpus: { dir } };
  };
  return {
    file,
    task: unpacked,
    async resolve(job) {
      if (options.pinnedBlock !== null && options.pinnedBlock !== job.block)
        throw new JobRefused(
          `the job's LLM block (sha256 ${job.block.slice(0, 12)}) is not this worker's --llm-block (sha256 ${options.pinnedBlock.slice(0, 12)})`,
        );
      const blockFile = await fetched(
        job.block,
        'LLM block',
        join(options.workDir, 'blocks', `${job.block}.yaml`),
      );
      const block = loadLlmBlock(blockFile).block;
      let key: string | undefined;
      try {
        key = blockKey(block, { ...process.env, ...options.env });
      } catch (error) {
        throw new JobRefused(error instanceof Error ? error.message : String(error));
      }
      const configFile =
        job.config === null
          ? null
          : await fetched(
              job.config,
              'serving config',
              join(options.workDir, 'configs', `${job.config}.yaml`),
            );
      const toolDocs = await file(job.tool_docs, 'tool docs', 'yaml');
      const systemPrompt = await file(job.system_prompt, 'system prompt', 'txt');
      const task = await unpacked(job.task, job.corpus, configFile);
      let endpointArgs: string[] = [];
      if (job.stand_in !== null) {
        const salt = job.stand_in.salt;
        let endpoint = endpoints.get(salt ?? '');
        if (endpoint === undefined) {
          endpoint = startEndpoint({ policy: createOfflinePolicy(salt === null ? {} : { salt }) });
          endpoints.set(salt ?? '', endpoint);
        }
        endpointArgs = ['--endpoint-url', (await endpoint).openaiBaseUrl];
      }
      return {
        blockFile,
        configFile,
        toolDocs,
        systemPrompt,
        task,
        endpointArgs,
        secrets: key === undefined ? [] : [key],
      };
    },
    async close() {
      for (const endpoint of endpoints.values()) await (await endpoint).close();
    },
  };
}
