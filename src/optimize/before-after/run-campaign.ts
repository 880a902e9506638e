import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { blockKey, type LlmBlock } from '../../agent/index.js';
import { AgentTrackError, resolveCacheDir } from '../../core/index.js';
import { DEFAULT_SERVING_CONFIG } from '../../product/index.js';
import { rolloutTasks, type Task } from '../../retrieval/index.js';
import { resolveToolRoles } from '../../trajectory/index.js';
import { type BlockVerdict, checkLlmBlock } from '../campaign/arms/check-llm-block.js';
import { type PreparedArms, prepareArms } from '../campaign/arms/prepare-arms.js';
import { type ProbePlaces, probedProduct, probeProduct } from '../campaign/arms/probe-arms.js';
import { campaignPaths } from '../campaign/campaign-dir.js';
import { type RunArmsOptions, type RunArmsResult, runArms } from '../campaign/run-arms.js';
import { readPlan, writePlan } from './plan.js';
import type { Plan } from './plan-schema.js';
import { assertSpendAllowed, openCampaignSpend } from './spend-gate.js';

export interface RunCampaignOptions
  extends Pick<
    RunArmsOptions,
    | 'concurrency'
    | 'maxAttempts'
    | 'rolloutTimeoutMs'
    | 'harnessArgs'
    | 'armArgs'
    | 'env'
    | 'signal'
    | 'progress'
    | 'outageBackoffMs'
    | 'retryFailed'
    | 'runner'
  > {
  /** The product repository both commits live in. */
  repo: string;
  /** The campaign directory, `runs/<campaign>`. */
  dir: string;
  plan: Plan;
  tasks: readonly Task[];
  llmBlock: { file: string; block: LlmBlock };
  confirmSpend: boolean;
  maxUsd: number | null;
  buildIndexes?: boolean;
  /** Where the arms' worktrees go (removed at the end); default a fresh temp directory. */
  worktreesDir?: string;
  /** Installs reused by lockfile hash; default `<cache>/installs`, `null` never reuses. */
  installCache?: string | null;
  /** Arms the caller prepared once for the plan too (the caller releases them); default: prepared here. */
  prepared?: PreparedArms;
  /** The LLM block check the caller already asked of `prepared`'s harnesses. */
  blockVerdicts?: BlockVerdict[];
  /** The harness for a product whose manifest names none (see `prepareArm`). */
  harness?: readonly string[];
  /**
   * Probe each arm's product once per corpus before the first rollout (`probeArms`), its places
   * resolved as its children resolve them; `log` gets each probe's line. Absent: no probe here.
   */
  probe?: ProbePlaces & {
    log?: (line: string) => void;
    /** The tasks whose corpora are probed (default `tasks`; a pilot's run probes the whole campaign's). */
    tasks?: readonly Task[];
  };
  /** Arms the caller already probed (compare, with its tool-description count): not probed again. */
  probed?: readonly string[];
}

export interface RunCampaignResult {
  blockVerdicts: BlockVerdict[];
  run: RunArmsResult;
  /** The arms whose product was probed (here or by the caller): a later run over the same arms passes them as `probed`. */
  probed: string[];
}

/** The values of the environment variables the block names for its key: never written anywhere. */
export function blockSecrets(block: LlmBlock, env: Record<string, string | undefined>): string[] {
  const name = block.auth?.env;
  const value = name === undefined ? undefined : (env[name] ?? process.env[name]);
  return value === undefined || value === '' ? [] : [value];
}

/**
 * Refuses a plan for a campaign directory started with another one (arms, commits, model, LLM
 * block, turn budget or repeats): `CAMPAIGN_PLAN_CHANGED`. Called before a plan is written, so a
 * preview never overwrites the plan a finished campaign's report is derived from.
 */
export function assertSamePlan(dir: string, plan: Plan): void {
  const file = campaignPaths(dir).plan;
  if (!existsSync(file)) return;
  const before = readPlan(file);
  const fingerprint = (p: Plan) =>
    JSON.stringify({
      arms: p.arms.map((arm) => [arm.arm, arm.commit.sha]),
      model: p.model,
      block: p.llm_block.hash,
      turns: p.turn_budget,
      repeats: p.tasks.repeats,
      margins: Object.entries(p.margins).sort(([a], [b]) => a.localeCompare(b)),
      rule: p.decision_rule,
      looks: p.looks,
    });
  if (fingerprint(before) !== fingerprint(plan)) {
    throw new AgentTrackError(
      'CAMPAIGN_PLAN_CHANGED',
      `The campaign \`${dir}\` was started with another plan (arms, commits, model, LLM block, turn budget, repeats, margins, decision rule or looks differ from \`${file}\`: a decision rule is fixed before any number is seen): resume it with the same settings, or start a new campaign`,
      { data: { dir, file } },
    );
  }
}

/**
 * Refuses a directory whose plan is another campaign's (or no campaign plan at all: a track's, a
 * file that is not one) before anything is prepared in it (`CAMPAIGN_DIR_TAKEN`, exit 2); the
 * full plan is matched by `assertSamePlan` once it is built.
 *
 * @example
 * assertSameCampaign('runs/demo', 'compare-filesystem'); // throws: `runs/demo` holds the campaign ...
 */
export function assertSameCampaign(dir: string, campaign: string): void {
  const file = campaignPaths(dir).plan;
  if (!existsSync(file)) return;
  const before = readPlan(file).campaign;
  if (before === campaign) return;
  throw new AgentTrackError(
    'CAMPAIGN_DIR_TAKEN',
    `\`${dir}\` holds the campaign \`${before}\` (\`${file}\`), not \`${campaign}\`: nothing is written over another campaign; choose another --out`,
    { data: { dir, file, campaign: before } },
  );
}

/**
 * Before the first rollout, each arm's product is asked once per corpus for a file the corpus holds
 * (`probeProduct`): a server that does not see the corpus refuses the campaign before any spend. An
 * arm that is its own harness is probed by that harness in its rollouts' children (its index is its
 * commit's to build); the others' children are told (`PROBED_ENV`) not to probe again.
 */
async function probeArms(
  arms: PreparedArms['arms'],
  options: Pick<RunCampaignOptions, 'probe' | 'probed' | 'tasks'>,
): Promise<Set<string>> {
  const probed = new Set(options.probed ?? []);
  const places = options.probe;
  if (places === undefined) return probed;
  const say = places.log ?? (() => {});
  for (const arm of arms) {
    if (probed.has(arm.arm)) continue;
    if (arm.setup.install === 'skipped') {
      say(`${arm.arm}: probe: none, every rollout of it is recorded and nothing of it runs`);
      continue;
    }
    const product = probedProduct(arm, places.config ?? DEFAULT_SERVING_CONFIG);
    if (product === null) {
      say(`${arm.arm}: probe: its own harness probes its server before its rollouts`);
      continue;
    }
    for (const probe of await probeProduct(product, places.tasks ?? options.tasks, places))
      say(`${arm.arm}: ${probe.line}`);
    probed.add(arm.arm);
  }
  return probed;
}

/**
 * Runs a before-after campaign's rollouts: the spend gate first (nothing that costs money without
 * `confirmSpend`; fail closed on an unknown price under a ceiling) before any process starts; then
 * `plan.json`, each arm's worktree at its commit (set up, its product checked to live inside it),
 * the LLM block checked by both arms' own harnesses, each arm's product probed (`probe`), every
 * rollout through `runArms`; the worktrees
 * are removed at the end, also on error.
 *
 * @example
 * const { run } = await runCampaign({ repo: '.', dir: 'runs/demo', plan, tasks, llmBlock, confirmSpend: true, maxUsd: 5 });
 */
export async function runCampaign(options: RunCampaignOptions): Promise<RunCampaignResult> {
  const dir = resolve(options.dir);
  const paths = campaignPaths(dir);
  const gate = {
    confirmSpend: options.confirmSpend,
    maxUsd: options.maxUsd,
    buildIndexes: options.buildIndexes ?? false,
  };
  // Refusals first, before anything is written: the gate, a key the block names but the
  // environment lacks (every rollout would fail at once), then a campaign started with another plan.
  assertSpendAllowed(options.plan, gate);
  blockKey(options.llmBlock.block, { ...process.env, ...options.env });
  assertSamePlan(dir, options.plan);
  // What earlier runs of this campaign spent counts against the ceiling (the spend ledger holds it).
  const spend = openCampaignSpend(options.plan, { ...gate, file: paths.spend });
  mkdirSync(dir, { recursive: true });
  writePlan(dir, options.plan);
  const env = options.env ?? {};
  const secrets = blockSecrets(options.llmBlock.block, env);
  const installCache =
    options.installCache === undefined ? join(resolveCacheDir(), 'installs') : options.installCache;
  // Arms a caller already prepared (and checked the block with) are used as they are, and stay its own.
  let stopped = false;
  const prepared =
    options.prepared ??
    (await prepareArms({
      repo: options.repo,
      arms: options.plan.arms.map((arm) => ({ arm: arm.arm, commit: arm.commit.sha })),
      recordFile: paths.worktrees,
      ...(options.worktreesDir === undefined ? {} : { worktreesDir: options.worktreesDir }),
      installCache,
      env,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.harness === undefined ? {} : { defaultHarness: options.harness }),
    }));
  try {
    for (const arm of prepared.arms) {
      mkdirSync(paths.arm(arm.arm), { recursive: true });
      const roles = resolveToolRoles(arm.manifest.tools ?? 'default');
      writeFileSync(paths.armRoles(arm.arm), `${JSON.stringify(roles, null, 2)}\n`);
    }
    const blockFile = resolve(options.llmBlock.file);
    const blockVerdicts =
      options.blockVerdicts ?? (await checkLlmBlock(prepared.arms, blockFile, { env, secrets }));
    const probed = await probeArms(prepared.arms, options);
    const run = await runArms({
      ...options,
      probed,
      // Every (task, repeat) is its own rollout (`rolloutTasks`); a one-repeat plan runs the tasks.
      tasks: rolloutTasks(options.tasks, options.plan.tasks.repeats),
      dir,
      arms: prepared.arms,
      model: options.plan.model,
      llmBlockFile: blockFile,
      spend,
      secrets,
    });
    stopped = run.stoppedBy !== null;
    return { blockVerdicts, run, probed: [...probed] };
  } finally {
    // Arms it prepared itself: kept for the resume when the run stopped before its end (ceiling,
    // interrupt, outage); removed when it finished or was refused.
    if (options.prepared === undefined) await prepared.release({ keep: stopped });
  }
}
