import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadLlmBlock } from '../../agent/index.js';
import { AgentTrackError, invalidOption, resolveCacheDir } from '../../core/index.js';
import { parseMargin } from '../../report/index.js';
import { loadSplit } from '../../retrieval/index.js';
import { resolveCommit } from '../campaign/arms/commits.js';
import { prepareArms } from '../campaign/arms/prepare-arms.js';
import { campaignPaths } from '../campaign/campaign-dir.js';
import type { BeforeAfterOptions, BeforeAfterResult } from './before-after-options.js';
import { log, planCampaign, powerOf } from './campaign-steps.js';
import { checkLooks, type LooksPlan, looksPlan, writeLooksPlan } from './looks-plan.js';
import { startOfflineModel } from './offline-model.js';
import { pairedDifferences, writePowerPlan } from './power-plan.js';
import { fullyRecordedArms } from './recorded-rollouts.js';
import { assertSameCampaign } from './run-campaign.js';
import { runPlanned } from './run-planned.js';
import { refuseBeforeSetup } from './spend-gate.js';

export type { BeforeAfterOptions, BeforeAfterResult } from './before-after-options.js';

/**
 * The main job: one split through the same harness twice, changing only the product's commit.
 * Always: checks (the serving config, the split, both commits), the plan printed and written
 * (`plan.json`). Without `confirmSpend` that is all, in seconds: both commits are checked out and
 * nothing is set up (each arm's tool descriptions from `armToolTokens`). With it: the arms set up
 * (installs reused by lockfile), the LLM block asked of both arms' own harnesses, their tools
 * measured from their own servers, the spend gate, the index builds, the rollouts in child
 * processes (resumable through the ledger), then the report and plots.
 *
 * @example
 * const { plan } = await beforeAfter({ baseline: 'HEAD~1', candidate: 'HEAD', split: 'fixture-code/small_test', model: 'offline' });
 */
export async function beforeAfter(options: BeforeAfterOptions): Promise<BeforeAfterResult> {
  const repo = resolve(options.repo ?? '.');
  const cacheDir = resolveCacheDir(options.cacheDir);
  const reposDir = options.reposDir ?? join(cacheDir, 'repos');
  if (options.standIn !== undefined && (options.model !== 'offline' || options.llmBlock !== undefined)) {
    throw new AgentTrackError(
      'INVALID_OPTION',
      "`--temperature` and `--seed` set the offline stand-in's sampling; a real model's are `params.temperature` and `params.seed` in its LLM block",
      { data: { option: 'temperature', model: options.model } },
    );
  }
  // `--looks` and `--spending` refused before any work (a non-integer or K < 1 never gets here from the CLI).
  if (options.looks !== undefined) checkLooks(options.looks, options.spending);
  for (const [key, margin] of Object.entries(options.margins ?? {}))
    parseMargin('margins', `${key}=${margin}`);
  if (
    options.callsPerTurn !== undefined &&
    !(Number.isInteger(options.callsPerTurn) && options.callsPerTurn > 0)
  )
    throw invalidOption('calls-per-turn', 'a positive integer', options.callsPerTurn);
  // A queue the run would use is reached before any worktree is set up.
  if (options.queue !== undefined && options.confirmSpend === true) {
    const { checkQueueReachable } = await import('../campaign/remote/connect-queue.js');
    await checkQueueReachable(options.queue);
  }
  const arms = [
    { arm: 'baseline', commit: await resolveCommit(repo, options.baseline) },
    { arm: 'candidate', commit: await resolveCommit(repo, options.candidate) },
  ];
  log(options)(
    `before-after: ${arms.map(({ arm, commit }) => `${arm} ${commit.rev} (${commit.sha.slice(0, 12)})`).join(' -> ')} on ${options.split}${options.confirmSpend ? '' : '; a plan: each commit read from git, nothing checked out, set up or spent'}`,
  );
  const split = await loadSplit(options.split, { reposDir });
  const tasks = options.limit === undefined ? split.tasks : split.tasks.slice(0, options.limit);
  const name = `${options.split.replace(/[^\w.-]+/g, '-')}-${arms[0]!.commit.sha.slice(0, 8)}-${arms[1]!.commit.sha.slice(0, 8)}`;
  if (options.looks !== undefined && options.looks > tasks.length) {
    throw invalidOption('looks', `at most the campaign's ${tasks.length} tasks`, options.looks);
  }
  const dir = resolve(options.dir ?? join('runs', name));
  // Another campaign's directory (other commits, another job) is refused before anything is made in it.
  assertSameCampaign(dir, name);
  mkdirSync(dir, { recursive: true });
  if (options.confirmSpend === true) options.onCampaignDir?.(dir);
  const offline =
    options.model === 'offline' && options.llmBlock === undefined
      ? await startOfflineModel(dir, options.standIn, ['baseline', 'candidate'])
      : null;
  try {
    if (offline === null && options.llmBlock === undefined) {
      throw new AgentTrackError(
        'LLM_BLOCK_REQUIRED',
        `The model \`${options.model}\` needs \`--llm-block FILE\``,
        { data: { model: options.model } },
      );
    }
    const block = loadLlmBlock(offline?.blockFile ?? options.llmBlock!);
    if (options.confirmSpend === true) {
      refuseBeforeSetup({ maxUsd: options.maxUsd ?? null, prices: options.prices, block: block.block });
    }
    const installCache = join(cacheDir, 'installs');
    // The arms are prepared once: probed for the plan (when built), then run from the same worktrees.
    // A plan spends nothing and builds nothing: it reads what it needs of each commit from git.
    const built = options.confirmSpend === true;
    // An arm the campaign holds every rollout of (a gate's restored baseline) runs nothing: no setup.
    const recorded = built
      ? fullyRecordedArms(
          dir,
          arms.map(({ arm }) => arm),
          tasks,
          options.repeats ?? 1,
        )
      : new Set<string>();
    let stopped = false;
    const prepared = await prepareArms({
      repo,
      arms: arms.map(({ arm, commit }) => ({
        arm,
        commit: commit.sha,
        ...(recorded.has(arm) ? { setup: false } : {}),
      })),
      recordFile: campaignPaths(dir).worktrees,
      installCache,
      ...(options.harness === undefined ? {} : { defaultHarness: options.harness }),
      setup: built,
      log: log(options),
    });
    try {
      const campaign = { options, repo, dir, name, cacheDir, reposDir, tasks, arms, block, prepared, built };
      const { plan, corpora, blockVerdicts } = await planCampaign(campaign);
      let looks: LooksPlan | null = null;
      if (options.looks !== undefined && options.looks > 1) {
        looks = looksPlan({
          looks: options.looks,
          ...(options.spending === undefined ? {} : { spending: options.spending }),
          tasks: plan.tasks.count,
          rolloutsUsd: plan.totals.rollouts_usd,
        });
        log(options)(writeLooksPlan(dir, looks, plan.decision_rule.primary.key));
      }
      if (options.varianceFrom !== undefined) {
        const differences = await pairedDifferences(resolve(options.varianceFrom), {
          rule: plan.decision_rule,
          margins: Object.keys(plan.margins),
        });
        log(options)(writePowerPlan(dir, powerOf(options, differences, `run ${options.varianceFrom}`, plan)));
      } else if (options.pilot === undefined) {
        log(options)(
          "Power: unknown before anything ran: add --pilot N (its rollouts are the campaign's first) or --variance-from RUN.",
        );
      } else if (!options.confirmSpend) {
        log(options)(`Power: the pilot of ${options.pilot} tasks runs first with --confirm-spend.`);
      }
      if (!options.confirmSpend) {
        stopped = true;
        log(options)(
          `plan only: nothing ran, nothing was spent. Add --confirm-spend to run it (plan: ${join(dir, 'plan.json')}).`,
        );
        return { dir, plan, report: null, files: [join(dir, 'plan.json')], stoppedBy: null };
      }
      const result = await runPlanned(campaign, {
        plan,
        corpora,
        blockVerdicts,
        split,
        installCache,
        offline,
        looks,
      });
      stopped = result.stoppedBy !== null;
      return result;
    } finally {
      // A run stopped before its end (ceiling, interrupt, outage) keeps its set-up worktrees for the
      // resume, and a plan those a stopped run left; a finished or refused run removes them.
      await prepared.release({ keep: stopped });
    }
  } finally {
    await offline?.close();
  }
}
