import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadLlmBlock } from '../../agent/index.js';
import { AgentTrackError, resolveCacheDir } from '../../core/index.js';
import { loadServingConfig } from '../../product/index.js';
import type { Report } from '../../report/index.js';
import { appendRunRecord, DEFAULT_RUN_LOG, reportRunRecords } from '../../report/index.js';
import { loadSplit } from '../../retrieval/index.js';
import { checkLlmBlock } from '../campaign/arms/check-llm-block.js';
import { resolveCommit } from '../campaign/arms/commits.js';
import { type PreparedArm, prepareArm, removeArm } from '../campaign/arms/prepare-arm.js';
import { descriptionTokens } from './arm-probe.js';
import { startOfflineModel } from './offline-model.js';
import { buildPlan, writePlan } from './plan.js';
import type { Plan } from './plan-schema.js';
import { renderPlan } from './plan-text.js';
import { runCampaign } from './run-campaign.js';
import { assertSpendAllowed } from './spend-gate.js';
import { surveyCorpora } from './survey-corpora.js';
import { writeBeforeAfterReport } from './write-report.js';

export interface BeforeAfterOptions {
  /** The product repository both revisions live in (default: the current directory). */
  repo?: string;
  baseline: string;
  candidate: string;
  /** `<dataset>/<slice>`. */
  split: string;
  model: string;
  /** Required unless the model is `offline`. */
  llmBlock?: string;
  /** A serving config both arms use instead of their own default. */
  config?: string;
  workspace?: string;
  limit?: number;
  confirmSpend?: boolean;
  buildIndexes?: boolean;
  maxUsd?: number | null;
  concurrency?: number;
  /** The campaign directory (default `runs/<name>`). */
  dir?: string;
  turnBudget?: number;
  callsPerTurn?: number;
  contextTokensPerTurn?: number;
  outputTokensPerTurn?: number;
  prices?: { inputPer1m?: number | null; outputPer1m?: number | null; embedPer1m?: number | null };
  cacheDir?: string;
  reposDir?: string;
  /** The JSONL run log each finished run appends its records to (default `runs/runs.jsonl`). */
  runLog?: string;
  log?: (line: string) => void;
  progress?: NodeJS.WritableStream & { isTTY?: boolean };
}

export interface BeforeAfterResult {
  dir: string;
  plan: Plan;
  /** `null` for a plan-only invocation (nothing ran, nothing spent). */
  report: Report | null;
  files: string[];
}

/**
 * The main job: one split through the same harness twice, changing only the product's commit.
 * Always: checks (the LLM block asked of both arms' own harnesses, the serving config, the split),
 * the plan printed and written (`plan.json`) with each arm's tool-description tokens measured from
 * its own server. With `confirmSpend`: the spend gate, the index builds, the arms in worktrees and
 * child processes (resumable through the ledger), then the report and plots.
 *
 * @example
 * const { plan } = await beforeAfter({ baseline: 'HEAD~1', candidate: 'HEAD', split: 'fixture-code/small_test', model: 'offline' });
 */
export async function beforeAfter(options: BeforeAfterOptions): Promise<BeforeAfterResult> {
  const log = options.log ?? (() => {});
  const repo = resolve(options.repo ?? '.');
  const cacheDir = resolveCacheDir(options.cacheDir);
  const reposDir = options.reposDir ?? join(cacheDir, 'repos');
  const config = loadServingConfig(options.config);
  const split = await loadSplit(options.split, { reposDir });
  const tasks = options.limit === undefined ? split.tasks : split.tasks.slice(0, options.limit);
  const arms = [
    { arm: 'baseline', commit: await resolveCommit(repo, options.baseline) },
    { arm: 'candidate', commit: await resolveCommit(repo, options.candidate) },
  ];
  const name = `${options.split.replace(/[^\w.-]+/g, '-')}-${arms[0]!.commit.sha.slice(0, 8)}-${arms[1]!.commit.sha.slice(0, 8)}`;
  const dir = resolve(options.dir ?? join('runs', name));
  mkdirSync(dir, { recursive: true });
  const offline =
    options.model === 'offline' && options.llmBlock === undefined ? await startOfflineModel(dir) : null;
  try {
    if (offline === null && options.llmBlock === undefined) {
      throw new AgentTrackError(
        'LLM_BLOCK_REQUIRED',
        `The model \`${options.model}\` needs \`--llm-block FILE\``,
        {
          data: { model: options.model },
        },
      );
    }
    const block = loadLlmBlock(offline?.blockFile ?? options.llmBlock!);
    const installCache = join(cacheDir, 'installs');
    const worktrees = mkdtempSync(join(tmpdir(), 'agent-track-probe-arms-'));
    const tokens = new Map<string, number>();
    const prepared: PreparedArm[] = [];
    try {
      for (const { arm, commit } of arms) {
        prepared.push(
          await prepareArm({ repo, arm, commit: commit.sha, worktreesDir: worktrees, installCache }),
        );
      }
      for (const verdict of await checkLlmBlock(prepared, block.file)) log(verdict.line);
      for (const arm of prepared) tokens.set(arm.arm, await descriptionTokens(arm, options));
    } finally {
      for (const arm of prepared) await removeArm(repo, arm);
      rmSync(worktrees, { recursive: true, force: true });
    }
    const corpora = await surveyCorpora(tasks, { cacheDir, reposDir, config, build: false });
    const plan = buildPlan({
      campaign: name,
      tasks: { count: tasks.length, split: options.split, limit: options.limit ?? null },
      arms: arms.map(({ arm, commit }) => ({ arm, commit, descriptionTokens: tokens.get(arm)! })),
      model: options.model,
      llmBlock: block,
      ...(options.turnBudget === undefined ? {} : { turnBudget: options.turnBudget }),
      ...(options.callsPerTurn === undefined ? {} : { callsPerTurn: options.callsPerTurn }),
      ...(options.contextTokensPerTurn === undefined
        ? {}
        : { contextTokensPerTurn: options.contextTokensPerTurn }),
      ...(options.outputTokensPerTurn === undefined
        ? {}
        : { outputTokensPerTurn: options.outputTokensPerTurn }),
      ...(options.prices ? { prices: options.prices } : {}),
      corpora,
      buildIndexes: options.buildIndexes ?? false,
    });
    writePlan(dir, plan);
    log(renderPlan(plan));
    if (!options.confirmSpend) {
      log(
        `plan only: nothing ran, nothing was spent. Add --confirm-spend to run it (plan: ${join(dir, 'plan.json')}).`,
      );
      return { dir, plan, report: null, files: [join(dir, 'plan.json')] };
    }
    const gate = {
      confirmSpend: true,
      maxUsd: options.maxUsd ?? null,
      buildIndexes: options.buildIndexes ?? false,
    };
    assertSpendAllowed(plan, gate);
    const unbuilt = corpora.filter((corpus) => corpus.state !== 'valid');
    if (unbuilt.length > 0 && !gate.buildIndexes) {
      throw new AgentTrackError(
        'WORKSPACE_MISSING',
        `${unbuilt.length} corpus index(es) are not built for this serving config (${unbuilt.map((c) => `\`${c.key}\``).join(', ')}): add \`--build-indexes\` to build them first`,
        { data: { corpora: unbuilt.map((c) => c.key) } },
      );
    }
    if (gate.buildIndexes && unbuilt.length > 0)
      await surveyCorpora(tasks, { cacheDir, reposDir, config, build: true });
    const harnessArgs = [
      ...['--attempts', '1', '--retry-failed', '--cache-dir', cacheDir, '--repos-dir', reposDir],
      ...['--turn-budget', String(plan.turn_budget)],
      ...(options.config ? ['--config', resolve(options.config)] : []),
      ...(options.workspace ? ['--workspace', resolve(options.workspace)] : []),
      ...(offline ? ['--endpoint-url', offline.endpointUrl] : []),
    ];
    const { run } = await runCampaign({
      repo,
      dir,
      plan,
      tasks,
      llmBlock: block,
      ...gate,
      concurrency: options.concurrency ?? 2,
      harnessArgs,
      installCache,
      ...(options.progress ? { progress: options.progress } : {}),
    });
    log(`arms finished (stopped by: ${run.stoppedBy ?? 'nothing'}); booked ${run.bookedUsd.toFixed(4)} USD`);
    const written = await writeBeforeAfterReport(dir, { tasks });
    for (const problem of written.problems) log(`refused trajectory: ${problem}`);
    for (const warning of written.warnings) log(`plots: ${warning}`);
    const dataset = {
      name: split.definition.name,
      slice: split.slice,
      limit: options.limit ?? null,
      tasks: tasks.length,
    };
    const artifacts = {
      report: join(dir, 'report.md'),
      html: join(dir, 'report.html'),
      plots: join(dir, 'plots'),
    };
    for (const record of reportRunRecords(written.report, dataset, artifacts))
      appendRunRecord(options.runLog ?? DEFAULT_RUN_LOG, record);
    return { dir, plan, report: written.report, files: written.files };
  } finally {
    await offline?.close();
  }
}
