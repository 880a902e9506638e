import { join, resolve } from 'node:path';
import { type LoadedLlmBlock, PRODUCT_MANIFEST_FILE, servedPlaces } from '../../agent/index.js';
import { AgentTrackError } from '../../core/index.js';
import { indexCodeId, loadServingConfig, materializeCorpus } from '../../product/index.js';
import { appendRunRecord, defaultRunLog, reportRunRecords } from '../../report/index.js';
import { clusterOf, type LoadedSplit, type Task } from '../../retrieval/index.js';
import { type BlockVerdict, checkLlmBlock } from '../campaign/arms/check-llm-block.js';
import type { CommitInfo } from '../campaign/arms/commits.js';
import type { PreparedArms } from '../campaign/arms/prepare-arms.js';
import { rolloutHarnessArgs } from '../campaign/harness-args.js';
import { openLocalRunner } from '../campaign/rollout-runner.js';
import type { BeforeAfterOptions, BeforeAfterResult } from './before-after-options.js';
import type { LooksPlan } from './looks-plan.js';
import type { OfflineModel } from './offline-model.js';
import { openBeforeAfterQueue } from './open-queue.js';
import { buildPlan, writePlan } from './plan.js';
import type { Plan } from './plan-schema.js';
import { renderPlan } from './plan-text.js';
import { type PowerPlan, pairedDifferences, powerPlan, writePowerPlan } from './power-plan.js';
import { recordedLine } from './recorded-rollouts.js';
import { assertSamePlan, runCampaign } from './run-campaign.js';
import { runInLooks } from './run-looks.js';
import { assertSpendAllowed } from './spend-gate.js';
import { type IndexCode, surveyCorpora } from './survey-corpora.js';
import { type ArmToolTokens, armToolTokens } from './tool-tokens.js';
import { writeBeforeAfterReport } from './write-report.js';

export const log = (options: BeforeAfterOptions) => options.log ?? (() => {});

export function powerOf(
  options: BeforeAfterOptions,
  differences: Map<string, number[][]>,
  from: string,
  plan: Plan,
): PowerPlan {
  return powerPlan(differences, {
    from,
    tasks: plan.tasks.count,
    repeats: plan.tasks.repeats,
    alpha: 0.05,
    detect: options.detect ?? null,
    rule: plan.decision_rule,
  });
}

// The index code each arm builds with: an arm with its own harness indexes with its worktree's code
// (the reference product at that commit); an arm run by this agent-track's harness with this one's.
function indexCodes(arms: PreparedArms['arms']): IndexCode[] {
  const byCode = new Map<string, string[]>();
  for (const arm of arms) {
    const code = arm.productArgs.length === 0 ? indexCodeId(arm.worktree) : indexCodeId();
    byCode.set(code, [...(byCode.get(code) ?? []), arm.arm]);
  }
  return [...byCode].map(([code, names]) => ({ code, arms: names }));
}

export interface Campaign {
  options: BeforeAfterOptions;
  repo: string;
  dir: string;
  name: string;
  cacheDir: string;
  reposDir: string;
  tasks: Task[];
  arms: { arm: string; commit: CommitInfo }[];
  block: LoadedLlmBlock;
  prepared: PreparedArms;
  /** The arms were set up (a run); `false` for a plan, which checks out worktrees and runs no setup. */
  built: boolean;
}

// The plan from the prepared arms: built, the LLM block asked of both arms' own harnesses and each
// arm's tool descriptions counted from its own server; not built (a plan), the figures an unbuilt
// arm gives (`armToolTokens`) and the block check left to the run. The corpora surveyed; printed and written.
export async function planCampaign(campaign: Campaign) {
  const { options, dir, tasks, prepared, block } = campaign;
  const blockVerdicts = campaign.built
    ? await checkLlmBlock(prepared.arms, block.file, { cacheDir: campaign.cacheDir })
    : [];
  for (const verdict of blockVerdicts) log(options)(verdict.line);
  if (!campaign.built)
    log(options)(
      "LLM block: each arm's own harness checks it when the arms are built (with --confirm-spend), before anything is spent",
    );
  const first = tasks.find((task) => task.corpus !== undefined)?.corpus;
  // Only a built arm's server is probed, with a real corpus when its server reads one.
  const probeCorpus =
    first === undefined || !campaign.built
      ? undefined
      : (
          await materializeCorpus(first, {
            ...campaign,
            ingestion: loadServingConfig(options.config).ingestion,
          })
        ).dir;
  // Each arm's server is its own process: both are measured at once.
  const counted = await Promise.all(
    prepared.arms.map((arm) =>
      armToolTokens(arm, {
        cacheDir: campaign.cacheDir,
        built: campaign.built,
        ...(options.config === undefined ? {} : { config: options.config }),
        ...(probeCorpus === undefined ? {} : { corpus: probeCorpus }),
      }),
    ),
  );
  const tokens = new Map<string, ArmToolTokens>(prepared.arms.map((arm, i) => [arm.arm, counted[i]!]));
  const config = loadServingConfig(options.config);
  const { cacheDir, reposDir } = campaign;
  // An arm with its own harness indexes (the reference product); one served by agent-track's harness
  // needs an index only when its `serve` reads `{workspace}` (a filesystem server reads the corpus).
  const indexed = prepared.arms.some(
    (arm) =>
      arm.productArgs.length === 0 ||
      servedPlaces({
        dir: arm.worktree,
        file: join(arm.worktree, PRODUCT_MANIFEST_FILE),
        manifest: arm.manifest,
      }).workspace,
  );
  const corpora = indexed
    ? await surveyCorpora(tasks, {
        cacheDir,
        reposDir,
        config,
        build: false,
        codes: indexCodes(prepared.arms),
      })
    : [];
  const plan = buildPlan({
    campaign: campaign.name,
    tasks: {
      count: tasks.length,
      split: options.split,
      limit: options.limit ?? null,
      repeats: options.repeats ?? 1,
    },
    arms: campaign.arms.map(({ arm, commit }) => ({
      arm,
      commit,
      descriptionTokens: tokens.get(arm)!.tokens,
      descriptionSource: tokens.get(arm)!.source,
    })),
    model: options.model,
    embeddings: config.embeddings !== null && config.hybrid.mode !== 'lexical',
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
    ...(options.margins ? { margins: options.margins } : {}),
    ...(options.rule === undefined ? {} : { rule: options.rule }),
    clusters: new Set(tasks.map(clusterOf)).size,
    looks:
      (options.looks ?? 1) > 1
        ? { count: options.looks!, spending: options.spending ?? 'obrien-fleming' }
        : null,
    corpora,
    buildIndexes: options.buildIndexes ?? false,
  });
  assertSamePlan(dir, plan);
  writePlan(dir, plan);
  log(options)(renderPlan(plan));
  const recorded = recordedLine(dir, plan, tasks);
  if (recorded !== null) log(options)(recorded);
  return { plan, corpora, blockVerdicts };
}

// With `--confirm-spend`: the spend gate, the index builds, both arms' rollouts, the report and the run log.
export async function runPlanned(
  campaign: Campaign,
  planned: {
    plan: Plan;
    corpora: Awaited<ReturnType<typeof surveyCorpora>>;
    blockVerdicts: BlockVerdict[];
    split: LoadedSplit;
    installCache: string;
    offline: OfflineModel | null;
    /** `--looks K > 1`: run the tasks in K batches and stop at a boundary (`runInLooks`). */
    looks: LooksPlan | null;
  },
): Promise<BeforeAfterResult> {
  const { options, dir, tasks, cacheDir, reposDir } = campaign;
  const { plan, corpora, offline } = planned;
  const say = log(options);
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
  if (gate.buildIndexes && unbuilt.length > 0) {
    const config = loadServingConfig(options.config);
    const codes = indexCodes(campaign.prepared.arms);
    await surveyCorpora(tasks, { cacheDir, reposDir, config, build: true, codes });
  }
  const settings = {
    turnBudget: plan.turn_budget,
    configFile: options.config ? resolve(options.config) : null,
    workspace: options.workspace ? resolve(options.workspace) : null,
  };
  const harnessArgs = rolloutHarnessArgs(settings, { cacheDir, reposDir });
  // With `--queue`, the rollouts are jobs for workers anywhere; without it, this machine's runners.
  // One set of runners serves the pilot and the rest (no runner started twice).
  const runner =
    options.queue === undefined
      ? (options.runner ?? openLocalRunner())
      : await openBeforeAfterQueue({
          target: options.queue,
          dir,
          plan,
          repo: campaign.repo,
          blockFile: campaign.block.file,
          settings,
          ingestion: loadServingConfig(options.config).ingestion,
          standIn: offline ? { salted: (options.standIn?.temperature ?? 0) > 0 } : null,
          log: say,
        });
  // The probe runs once, before the first rollout, on every corpus of the campaign (a pilot's too).
  let probed: string[] | undefined;
  const runOn = async (some: readonly Task[]) => {
    const ran = await runCampaign({
      ...(runner === undefined ? {} : { runner }),
      repo: campaign.repo,
      dir,
      plan,
      tasks: some,
      llmBlock: campaign.block,
      ...gate,
      concurrency: options.concurrency ?? 2,
      ...(options.retryFailed === true ? { retryFailed: true } : {}),
      harnessArgs,
      // Each arm agent-track's harness serves is probed once per corpus, with its children's places.
      probe: {
        ...(settings.configFile === null ? {} : { config: settings.configFile }),
        cacheDir,
        reposDir,
        log: say,
        tasks,
      },
      ...(probed === undefined ? {} : { probed }),
      ...(offline ? { armArgs: (arm: string) => ['--endpoint-url', offline.urlFor(arm)] } : {}),
      installCache: planned.installCache,
      prepared: campaign.prepared,
      blockVerdicts: planned.blockVerdicts,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.progress ? { progress: options.progress } : {}),
    });
    probed = ran.probed;
    return ran;
  };
  const runAll = async () => {
    // A pilot is the campaign's first tasks run first: its rollouts are the campaign's (never paid
    // twice); their paired differences say what the whole campaign can detect.
    if (options.pilot !== undefined && options.pilot >= tasks.length)
      say(
        `pilot: ${options.pilot} tasks is the whole campaign (${tasks.length}): no pilot runs first, no power is printed`,
      );
    if (options.pilot !== undefined && options.pilot < tasks.length) {
      const pilot = tasks.slice(0, options.pilot);
      say(`pilot: the first ${pilot.length} tasks first, for the power of the whole campaign`);
      await runOn(pilot);
      const differences = await pairedDifferences(dir, { tasks: pilot });
      say(writePowerPlan(dir, powerOf(options, differences, `pilot of ${pilot.length} tasks`, plan)));
    }
    if (planned.looks === null) return { ran: await runOn(tasks), tasks };
    const inLooks = await runInLooks({ dir, tasks, plan: planned.looks, runOn, say });
    return { ran: inLooks.ran, tasks: inLooks.tasks };
  };
  let run: Awaited<ReturnType<typeof runOn>>['run'];
  let reported: readonly Task[] = tasks;
  try {
    const done = await runAll();
    run = done.ran.run;
    reported = done.tasks;
  } finally {
    await runner?.close?.();
  }
  say(`arms finished (stopped by: ${run.stoppedBy ?? 'nothing'}); booked ${run.bookedUsd.toFixed(4)} USD`);
  const written = await writeBeforeAfterReport(dir, { tasks: reported });
  for (const problem of written.problems) say(`refused trajectory: ${problem}`);
  for (const warning of written.warnings) say(`plots: ${warning}`);
  const dataset = {
    name: planned.split.definition.name,
    slice: planned.split.slice,
    limit: options.limit ?? null,
    tasks: reported.length,
  };
  const artifacts = {
    report: join(dir, 'report.md'),
    report_json: join(dir, 'report.json'),
    html: join(dir, 'report.html'),
    plots: join(dir, 'plots'),
  };
  for (const record of reportRunRecords(written.report, dataset, artifacts))
    appendRunRecord(options.runLog ?? defaultRunLog(cacheDir), record);
  return { dir, plan, report: written.report, files: written.files, stoppedBy: run.stoppedBy };
}
