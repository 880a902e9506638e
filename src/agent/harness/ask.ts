import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveCacheDir } from '../../core/index.js';
import { DEFAULT_SERVING_CONFIG, loadServingConfig } from '../../product/index.js';
import { filePathExtractor } from '../../trajectory/index.js';
import { loadLlmBlock } from '../llm/load-block.js';
import { refuseModelSettingsInEnv } from '../llm/refuse-model-settings.js';
import type { Architecture } from '../loop/architecture.js';
import { openAgentProduct } from '../manifest/agent-product.js';
import { openModel } from './open-model.js';
import { runTask, type TaskRun } from './run-task.js';
import { productWorkspaces } from './task-workspace.js';

export interface AskOptions {
  question: string;
  /** The directory to answer from (indexed into the cache once). */
  corpus: string;
  model: string;
  /** Required unless `model` is `offline`. */
  llmBlock?: string;
  endpointUrl?: string;
  /** The run directory (default: a fresh temp dir). */
  out?: string;
  config?: string;
  product?: string;
  cacheDir?: string;
  architecture?: Architecture;
  turnBudget?: number;
  timeoutMs?: number;
  env?: Readonly<Record<string, string | undefined>>;
}

/** The answer to one question and where its trajectory is. */
export interface AskResult extends TaskRun {
  /** The answer came from the offline policy, a stand-in for a model. */
  offline: boolean;
  out: string;
}

/**
 * One question against a corpus directory: indexes it (cached), runs one rollout and returns the
 * answer with its trajectory directory. `model: 'offline'` needs no key and no block.
 *
 * @example
 * const { answer, dir } = await askQuestion({ question: 'Where is the cart total computed?', corpus: 'fixtures/corpora/py-shop', model: 'offline' });
 */
export async function askQuestion(options: AskOptions): Promise<AskResult> {
  const env = options.env ?? process.env;
  refuseModelSettingsInEnv(env);
  const configFile = options.config ?? DEFAULT_SERVING_CONFIG;
  const config = loadServingConfig(configFile);
  const product = openAgentProduct({
    config: configFile,
    ...(options.product === undefined ? {} : { dir: options.product }),
  });
  const block = options.llmBlock === undefined ? undefined : loadLlmBlock(options.llmBlock).block;
  const cacheDir = resolveCacheDir(options.cacheDir);
  const resolvePlace = productWorkspaces(product, {
    config,
    cacheDir,
    reposDir: join(cacheDir, 'repos'),
    configFile,
  });
  const task = { id: 'ask', question: options.question, gold: {}, corpus: { dir: options.corpus } };
  const place = await resolvePlace(task);
  const out = options.out ?? mkdtempSync(join(tmpdir(), 'agent-track-ask-'));
  const model = await openModel({
    model: options.model,
    ...(block === undefined ? {} : { block }),
    ...(options.endpointUrl === undefined ? {} : { endpointUrl: options.endpointUrl }),
    provider: { env },
  });
  try {
    const run = await runTask(task, {
      out,
      provider: model.provider,
      model: model.model,
      server: product.serverFor(place),
      extractor: filePathExtractor(undefined, { reads: product.roles.read }),
      corpus: place.corpus,
      system: product.system,
      thinking: model.thinking,
      overwrite: true,
      ...(options.architecture === undefined ? {} : { architecture: options.architecture }),
      ...(options.turnBudget === undefined ? {} : { turnBudget: options.turnBudget }),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    });
    return { ...run, offline: model.offline, out };
  } finally {
    await model.close();
  }
}
