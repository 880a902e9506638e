import { join, resolve } from 'node:path';
import { loadLlmBlock, openRunnerState } from '../../agent/index.js';
import { AgentTrackError, openJsonlLog, resolveCacheDir } from '../../core/index.js';
import { defaultRunLog } from '../../report/index.js';
import { createProgress } from '../campaign/progress.js';
import { openSpendLedger } from '../campaign/spend/spend-ledger.js';
import { ConfirmationLog, confirmationEntrySchema } from './accept/confirmation-log.js';
import { guardValues } from './accept/guard-values.js';
import { checkHeldOutLooks } from './accept/held-out.js';
import { openCampaignModels } from './campaign-models.js';
import { campaignFingerprint, claimRunDir } from './config/fingerprint.js';
import { campaignSlices, defaultProposer, incumbentOf } from './config/inputs.js';
import type { LoadedCampaign } from './config/load-config.js';
import { openFileCache } from './evaluate/evaluation-cache.js';
import { harnessEvaluator } from './evaluate/harness-evaluator.js';
import { loopJudge } from './evaluate/loop-judge.js';
import { finishCampaign } from './finish-campaign.js';
import { campaignMoney } from './money/campaign-money.js';
import { campaignPrices } from './money/estimate.js';
import { paidGate } from './money/paid-gate.js';
import { planCheck } from './money/plan-check.js';
import { objectiveTrace } from './objective-trace.js';
import type { OptimizeOptions } from './optimize-options.js';
import { openOptimizeQueue } from './optimize-queue.js';

export type { OptimizeOptions } from './optimize-options.js';

import { configEnumeration, roundSizes } from './propose/config-enumeration.js';
import { loggedProposer } from './propose/proposal-log.js';
import { incumbentEvidence } from './propose/worst-runs.js';
import { assembleResult, type CandidateRecord, type OptimizationResult } from './result.js';
import { type RoundsOutcome, runRounds } from './run-rounds.js';
import { campaignPrescreen } from './screen/prescreen.js';

/**
 * The optimizer: plan and budget check, then `runRounds` with every paid call (rollouts, the
 * reflective proposer, the judge) reserved at its worst case on the spend ledger before it is made
 * and settled after; the ceiling (`--max-usd`, else `budgets.max_usd`) is never crossed and an
 * unknown price fails closed. A dry run is the same pipeline with the offline endpoint as model,
 * proposer and judge: it books $0 and tallies what a real run would pay. Leaves `result.json`/`.md`,
 * `admissions.jsonl`, `objective.json` with its plot, and the logs a resume replays.
 *
 * @example
 * const result = await optimize(loadCampaignConfig('configs/optimize/tool_docs.yaml'), { dryRun: true, limit: 3 });
 */
export async function optimize(
  loaded: LoadedCampaign,
  options: OptimizeOptions,
): Promise<OptimizationResult | null> {
  const progress = createProgress(options.progress ?? process.stderr);
  const print = options.log ?? (() => {});
  // A log line ends the progress line first, so the two never share a terminal line.
  const log = (line: string) => {
    progress.done();
    print(line);
  };
  const { config } = loaded;
  const cacheDir = resolveCacheDir(options.cacheDir);
  const reposDir = options.reposDir ?? join(cacheDir, 'repos');
  const slices = await campaignSlices(loaded, {
    reposDir,
    ...(options.limit === undefined ? {} : { limit: options.limit }),
  });
  checkHeldOutLooks(loaded, slices);
  const k = Math.min(config.search.candidates_per_round, options.candidates ?? Number.POSITIVE_INFINITY);
  const rounds = Math.min(config.search.rounds, options.rounds ?? Number.POSITIVE_INFINITY);
  const prices = campaignPrices(config, options);
  const ceiling = options.maxUsd ?? config.budgets.max_usd;
  // The real agent block's output bound, for the plan and the bookings (a dry run estimates with it).
  const agentMaxTokens = loadLlmBlock(loaded.paths.llm_block).block.params?.max_tokens ?? null;
  // What will actually be proposed (a grid merged and sampled), counted before anything is paid.
  const head = incumbentOf(loaded);
  const enumeration = options.proposer === undefined ? configEnumeration(loaded, head) : null;
  const perRound = roundSizes(enumeration?.texts.length ?? null, { rounds, candidates: k });
  const space = enumeration?.space ?? null;
  const check = planCheck(loaded, slices, { ceiling, prices, perRound, space, agentMaxTokens });
  for (const line of check.lines) log(line);
  const texts = [head.text, ...(enumeration?.texts ?? [])];
  const confirmSpend = options.confirmSpend === true;
  if (!options.dryRun && !paidGate(check, { texts, confirmSpend, ceiling, log })) return null;
  // An unreachable queue is refused before the run directory is claimed or a model is started.
  if (options.queue !== undefined) {
    const { checkQueueReachable } = await import('../campaign/remote/connect-queue.js');
    await checkQueueReachable(options.queue);
  }
  const dir = resolve(options.resume ?? options.out ?? join('runs', `optimize-${config.axis}-${Date.now()}`));
  claimRunDir(
    dir,
    campaignFingerprint(loaded, {
      dryRun: options.dryRun,
      candidates: k,
      ...(options.limit === undefined ? {} : { limit: options.limit }),
    }),
    {
      resume: options.resume !== undefined,
    },
  );
  const ledger = openSpendLedger(join(dir, 'spend.jsonl'), { ceilingUsd: ceiling });
  // One line per rollout evaluated in this directory, by this run or the ones it resumes.
  const evaluations = openFileCache(join(dir, 'evaluations.jsonl'));
  if (options.resume !== undefined) {
    const earlier = evaluations.size;
    log(
      `Resuming \`${dir}\`: ${earlier} rollout(s) and $${ledger.spentUsd().toFixed(2)} booked by earlier runs; nothing they finished runs again.`,
    );
  }
  const money = campaignMoney({
    ledger,
    prices,
    dryRun: options.dryRun,
    budgets: config.budgets,
    agentMaxTokens,
  });
  const confirmationsLog = openJsonlLog(
    join(dir, 'confirmations.jsonl'),
    confirmationEntrySchema,
    'confirmation log',
  );
  const confirmations = new ConfirmationLog(
    { alpha: config.acceptance.alpha, maxConfirmations: config.acceptance.max_confirmations },
    confirmationsLog.records,
  );
  const models = await openCampaignModels(loaded, { dryRun: options.dryRun });
  const judge =
    models.judge !== null && loaded.paths.judge_rubric !== null && config.objective.weights.judge_score > 0
      ? loopJudge({
          file: join(dir, 'judgments.jsonl'),
          rubricFile: loaded.paths.judge_rubric,
          model: models.judge,
          money,
        })
      : null;
  const queue =
    options.queue === undefined
      ? null
      : await openOptimizeQueue(loaded, {
          target: options.queue,
          dir,
          dryRun: options.dryRun,
          model: models.agent.model,
          log,
        }).catch(async (error: unknown) => {
          // The models started above would keep the process alive: close them, then refuse.
          await models.close();
          throw error;
        });
  // One pool of servers for the campaign: a candidate's servers serve its later batches too; the
  // bound keeps past candidates' from piling up.
  const servers = openRunnerState({ maxIdle: 12 });
  const evaluate = harnessEvaluator({
    runner: servers,
    loaded,
    tasks: slices.byId,
    model: models.agent,
    dir,
    cacheDir,
    reposDir,
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    reserveRollout: money.reserveRollout,
    rolloutCap: money.rolloutCap,
    settleRollout: money.settleRollout,
    releaseRollout: money.releaseRollout,
    openRollouts: (key) => ledger.openReservations(key),
    ...(queue === null ? {} : { queue: { ...queue, log } }),
    ...(judge === null ? {} : { judge: judge.score }),
    onProgress: (p) =>
      progress.update({
        arms: [{ arm: p.label, done: p.done, total: p.total, failed: p.failed }],
        bookedUsd: ledger.spentUsd(),
        ceilingUsd: options.dryRun ? null : ceiling,
        ...(queue?.runner.jobs === undefined ? {} : { jobs: queue.runner.jobs() }),
      }),
  });
  const proposer = loggedProposer(
    options.proposer ??
      defaultProposer(
        loaded,
        {
          model: models.proposer,
          money,
          log,
          evidence: (incumbent) =>
            incumbentEvidence(loaded, {
              dir,
              incumbent,
              tasks: slices.byId,
              ...(judge === null ? {} : { judgeReasons: judge.reasons(incumbent.hash) }),
            }),
        },
        enumeration,
      ),
    join(dir, 'proposals.jsonl'),
  );
  const trace = objectiveTrace();
  const spentSoFar = () => (options.dryRun ? (money.estimate.value().usd ?? 0) : ledger.spentUsd());
  const partial = {
    records: [] as CandidateRecord[],
    incumbentMean: null as number | null,
    rounds: 0,
    incumbent: head,
  };
  let outcome: RoundsOutcome;
  let failure: unknown = null;
  let stoppedBy: 'ceiling' | null = null;
  try {
    outcome = await runRounds(
      {
        loaded,
        slices,
        evaluate,
        cache: evaluations,
        proposer,
        confirmations,
        confirmationsLog,
        rounds,
        candidates: k,
        ...campaignPrescreen(loaded, {
          slices,
          cacheDir,
          reposDir,
          dir,
          offlineUrl: models.agent.endpoint?.openaiBaseUrl ?? null,
          log,
        }),
        guardValues: (candidate, slice) =>
          guardValues({
            dir,
            candidate,
            slice,
            repeats: loaded.config.repeats,
            tasks: slices.byId,
            metrics: loaded.config.acceptance.guards.map((g) => g.metric),
          }),
        onConfirmation: (entry, means) =>
          trace.confirmation(entry, {
            incumbentMean: means.incumbent,
            candidateMean: means.candidate,
            spendUsd: spentSoFar(),
          }),
        log,
      },
      head,
      partial,
    );
  } catch (error) {
    // The money stops a campaign like a round limit; anything else is thrown after what was
    // recorded is written (the logs already hold it for a resume).
    const budget = error instanceof AgentTrackError && error.code === 'BUDGET_EXHAUSTED';
    if (budget) stoppedBy = 'ceiling';
    if (!budget) failure = error;
    outcome = { ...partial, stop: `${budget ? 'budget' : 'error'}: ${(error as Error).message}` };
  } finally {
    await models.close();
    await queue?.runner.close?.();
    await servers.servers.close();
  }
  const result = await assembleResult({
    loaded,
    dir,
    dryRun: options.dryRun,
    slices,
    head,
    outcome,
    confirmations: confirmations.entries,
    bookings: ledger.bookings(),
    spentUsd: ledger.spentUsd(),
    rollouts: money.rollouts(),
    campaignRollouts: evaluations.size,
    resumed: options.resume !== undefined,
    stoppedBy,
    estimate: money.estimate.value(),
    judged: judge !== null,
    space,
  });
  await finishCampaign(result, {
    runLog: options.runLog ?? defaultRunLog(options.cacheDir),
    trace,
    spentUsd: ledger.spentUsd(),
    log,
  });
  if (failure !== null) throw failure;
  return result;
}
