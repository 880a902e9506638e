import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { invalidOption, resolveCacheDir } from '../../core/index.js';
import { DEFAULT_SERVING_CONFIG, loadServingConfig } from '../../product/index.js';
import { readTasks } from '../../retrieval/index.js';
import { filePathExtractor } from '../../trajectory/index.js';
import { loadLlmBlock } from '../llm/load-block.js';
import { refuseModelSettingsInEnv } from '../llm/refuse-model-settings.js';
import type { Architecture } from '../loop/architecture.js';
import type { TokenCap } from '../loop/token-cap.js';
import { type AgentProduct, openAgentProduct } from '../manifest/agent-product.js';
import type { LedgerLine } from './ledger.js';
import { openModel } from './open-model.js';
import { PROBED_ENV } from './probe-corpora.js';
import type { ProductProbe } from './product-probe.js';
import { type HarnessSummary, runHarness } from './run-harness.js';
import type { RunnerState } from './runner-state.js';
import { productWorkspaces } from './task-workspace.js';

/** `harness run` as files and flags: what a campaign arm's child process is started with. */
export interface HarnessRunOptions {
  tasks: string;
  out: string;
  model: string;
  llmBlock?: string;
  endpointUrl?: string;
  concurrency?: number;
  /** The workspace of tasks that name no corpus. */
  workspace?: string;
  /** Serving config file (default: the package's `configs/serving/default.yaml`). */
  config?: string;
  /** Product root (default: the embedded reference product). */
  product?: string;
  /** A tool-docs file the server is started with (`{tool_docs}`; an optimizer candidate's). */
  toolDocs?: string;
  /** A file whose text replaces the product's system prompt (an optimizer candidate's). */
  systemPrompt?: string;
  /** Serve the embedded reference product over Streamable HTTP instead of stdio. */
  http?: boolean;
  cacheDir?: string;
  /** Local clones of pinned repositories (default `<cacheDir>/repos`). */
  reposDir?: string;
  architecture?: Architecture;
  turnBudget?: number;
  timeoutMs?: number;
  retryFailed?: boolean;
  /** Rollouts per task before it is recorded as failed (default 2). */
  attempts?: number;
  /** Reuse a finished rollout's server for the next task (servers with no state between calls only). */
  reuseServers?: boolean;
  /** What a runner keeps across its rollouts (see `runHarness`). */
  runner?: RunnerState;
  /** Regex whose matches (first group) are a result's identifiers when a server returns no `structuredContent`. */
  identifierPattern?: string;
  env?: Readonly<Record<string, string | undefined>>;
  /** The most each rollout may use; see `tokenMeter`. */
  tokenCap?: TokenCap;
  onTask?: (line: LedgerLine) => void;
  /** Called with each corpus's product probe, before any rollout (see `runHarness`). */
  onProbe?: (probe: ProductProbe) => void;
  /** Called once the model is open: whether its answers are the offline policy's. */
  onStart?: (info: { offline: boolean; tasks: number; product: string }) => void;
}

function pattern(text: string | undefined): RegExp | undefined {
  if (text === undefined) return undefined;
  try {
    return new RegExp(text, 'g');
  } catch {
    throw invalidOption('--identifier-pattern', 'a JavaScript regular expression', text);
  }
}

// A candidate's tool docs go to every server it starts; its prompt replaces the product's.
function withCandidate(base: AgentProduct, options: HarnessRunOptions): AgentProduct {
  const { toolDocs, systemPrompt } = options;
  if (toolDocs !== undefined) statSync(toolDocs);
  return {
    ...base,
    ...(systemPrompt === undefined ? {} : { system: readFileSync(systemPrompt, 'utf8') }),
    ...(toolDocs === undefined
      ? {}
      : {
          serverFor: (place, overrides) =>
            base.serverFor(place, { toolDocs: resolve(toolDocs), ...overrides }),
        }),
  };
}

/**
 * Reads the tasks, the LLM block, the product and the serving config, refuses model settings in
 * the environment, opens the model (starting the offline endpoint for `--model offline`) and runs
 * the harness; the endpoint is closed at the end, also on error.
 *
 * @example
 * await harnessRun({ tasks: 'tasks.jsonl', out: 'runs/arm', model: 'offline', workspace: '/tmp/ws' });
 */
export async function harnessRun(options: HarnessRunOptions): Promise<HarnessSummary> {
  const env = options.env ?? process.env;
  refuseModelSettingsInEnv(env);
  const configFile = options.config ?? DEFAULT_SERVING_CONFIG;
  const config = loadServingConfig(configFile);
  const tasks = await readTasks(options.tasks);
  const product = withCandidate(
    openAgentProduct({
      config: configFile,
      ...(options.product === undefined ? {} : { dir: options.product }),
      ...(options.http === true ? { http: true } : {}),
    }),
    options,
  );
  const extractor = filePathExtractor(pattern(options.identifierPattern), { reads: product.roles.read });
  const block = options.llmBlock === undefined ? undefined : loadLlmBlock(options.llmBlock).block;
  const cacheDir = resolveCacheDir(options.cacheDir);
  const model = await openModel({
    model: options.model,
    ...(block === undefined ? {} : { block }),
    ...(options.endpointUrl === undefined ? {} : { endpointUrl: options.endpointUrl }),
    provider: { env },
  });
  try {
    options.onStart?.({
      offline: model.offline,
      tasks: tasks.length,
      product: product.product.manifest.name,
    });
    return await runHarness({
      tasks,
      out: options.out,
      model,
      product,
      workspaces: productWorkspaces(product, {
        config,
        cacheDir,
        reposDir: options.reposDir ?? join(cacheDir, 'repos'),
        configFile,
        ...(options.workspace === undefined ? {} : { workspace: options.workspace }),
      }),
      extractor,
      env,
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      ...(options.architecture === undefined ? {} : { architecture: options.architecture }),
      ...(options.turnBudget === undefined ? {} : { turnBudget: options.turnBudget }),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.retryFailed === undefined ? {} : { retryFailed: options.retryFailed }),
      ...(options.reuseServers === undefined ? {} : { reuseServers: options.reuseServers }),
      ...(options.runner === undefined ? {} : { runner: options.runner }),
      ...(options.attempts === undefined ? {} : { attempts: options.attempts }),
      ...(options.onTask === undefined ? {} : { onTask: options.onTask }),
      ...(options.onProbe === undefined ? {} : { onProbe: options.onProbe }),
      // A campaign probed the product once before its first rollout; its children do not again.
      ...(env[PROBED_ENV] === '1' ? { probe: false } : {}),
      ...(options.tokenCap === undefined ? {} : { tokenCap: options.tokenCap }),
    });
  } finally {
    await model.close();
  }
}
