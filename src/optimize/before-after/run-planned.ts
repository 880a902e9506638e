import { join, resolve } from 'node:path';
import { AgentTrackError } from '../../core/index.js';
import { loadServingConfig } from '../../product/index.js';
import { appendRunRecord, defaultRunLog, reportRunRecords } from '../../report/index.js';
import type { LoadedSplit, Task } from '../../retrieval/index.js';
import type { BlockVerdict } from '../campaign/arms/check-llm-block.js';
import { rolloutHarnessArgs } from '../campaign/harness-args.js';
import { openLocalRunner } from '../campaign/rollout-runner.js';
import type { BeforeAfterResult } from './before-after-options.js';
import { type Campaign, log, powerOf, runningArms } from './campaign-steps.js';
import type { LooksPlan } from './looks-plan.js';
import type { OfflineModel } from './offline-model.js';
import { openBeforeAfterQueue } from './open-queue.js';
import type { Plan } from './plan-schema.js';
import { pairedDifferences, writePowerPlan } from './power-plan.js';
import { runCampaign } from './run-campaign.js';
import { runInLooks } from './run-looks.js';
import { assertSpendAllowed } from './spend-gate.js';
import { indexCodes, surveyCorpora } from './survey-corpora.js';
import { writeBeforeAfterReport } from './write-report.js';

/**
 * Runs a planned campaign: the spend gate, the corpora's indexes built when asked, the runners (this
 * machine's, or a queue's workers), a pilot and looks when asked, then the report and its run-log
 * records.
 *
 * @example
 * const { plan, corpora, blockVerdicts } = await planCampaign(campaign);
 * await runPlanned(campaign, { plan, corpora, blockVerdicts, split, installCache, offline: null, looks: null });
 */
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
    const codes = indexCodes(runningArms(campaign));
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
