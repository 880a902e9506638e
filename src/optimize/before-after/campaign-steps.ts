import { join } from 'node:path';
import { type LoadedLlmBlock, PRODUCT_MANIFEST_FILE, servedPlaces } from '../../agent/index.js';
import { loadServingConfig, materializeCorpus } from '../../product/index.js';
import { clusterOf, type Task } from '../../retrieval/index.js';
import { checkLlmBlock } from '../campaign/arms/check-llm-block.js';
import type { CommitInfo } from '../campaign/arms/commits.js';
import type { PreparedArms } from '../campaign/arms/prepare-arms.js';
import type { BeforeAfterOptions } from './before-after-options.js';
import { buildPlan, writePlan } from './plan.js';
import type { Plan } from './plan-schema.js';
import { renderPlan } from './plan-text.js';
import { type PairedDifferences, type PowerPlan, powerPlan } from './power-plan.js';
import { recordedLine } from './recorded-rollouts.js';
import { assertSamePlan } from './run-campaign.js';
import { indexCodes, surveyCorpora } from './survey-corpora.js';
import { type ArmToolTokens, armToolTokens } from './tool-tokens.js';

export const log = (options: BeforeAfterOptions) => options.log ?? (() => {});

export function powerOf(
  options: BeforeAfterOptions,
  differences: PairedDifferences,
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
    margins: plan.margins,
  });
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

/**
 * The arms a campaign will run: a plan's every arm (it runs none, but states them all); a run's
 * arms that were set up (one whose every rollout is recorded was not, and runs nothing).
 */
export function runningArms(campaign: Pick<Campaign, 'built' | 'prepared'>) {
  return campaign.built
    ? campaign.prepared.arms.filter((arm) => arm.setup.install !== 'skipped')
    : campaign.prepared.arms;
}

// The plan from the prepared arms: built, the LLM block asked of both arms' own harnesses and each
// arm's tool descriptions counted from its own server; not built (a plan), the figures an unbuilt
// arm gives (`armToolTokens`) and the block check left to the run. The corpora surveyed; printed and written.
export async function planCampaign(campaign: Campaign) {
  const { options, dir, tasks, prepared, block } = campaign;
  // A run's arms that will run: an arm whose every rollout is recorded was not set up, runs nothing,
  // and is neither asked about the block nor started for its tool descriptions.
  const running = campaign.built ? runningArms(campaign) : [];
  const built = new Set(running.map((arm) => arm.arm));
  const blockVerdicts =
    running.length > 0 ? await checkLlmBlock(running, block.file, { cacheDir: campaign.cacheDir }) : [];
  for (const verdict of blockVerdicts) log(options)(verdict.line);
  if (campaign.built)
    for (const arm of prepared.arms.filter((arm) => !built.has(arm.arm)))
      log(options)(
        `${arm.arm}: not asked about the LLM block: every rollout of it is recorded, nothing of it runs`,
      );
  if (!campaign.built)
    log(options)(
      "LLM block: each arm's own harness checks it when the arms are built (with --confirm-spend), before anything is spent",
    );
  const first = tasks.find((task) => task.corpus !== undefined)?.corpus;
  // Only a built arm's server is probed, with a real corpus when its server reads one.
  const probeCorpus =
    first === undefined || built.size === 0
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
        built: built.has(arm.arm),
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
  const indexed = runningArms(campaign).some(
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
        codes: indexCodes(runningArms(campaign)),
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
