import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageVersion, resolveCacheDir } from '../../core/index.js';
import { type GateStatus, gateStatus, renderGateComment, renderJunit } from '../../report/index.js';
import { loadSplit, rolloutTasks } from '../../retrieval/index.js';
import { beforeAfter } from '../before-after/before-after.js';
import type { BeforeAfterOptions, BeforeAfterResult } from '../before-after/before-after-options.js';
import { resolveCommit } from '../campaign/arms/commits.js';
import {
  type BaselineKeyParts,
  baselineKey,
  restoreBaseline,
  saveBaseline,
  sha256,
} from './baseline-cache.js';

export interface GateOptions extends BeforeAfterOptions {
  /** Reuse and keep base arms by base commit and configuration (default true). */
  baselineCache?: boolean;
  /** Where the comment links the HTML report (default `report.html`, beside it). */
  reportUrl?: string;
}

export interface GateResult extends BeforeAfterResult {
  /** `null` for a plan (nothing ran). */
  status: GateStatus | null;
  /** Baseline rollouts restored from the cache. */
  reused: number;
  /** The cache entry this gate's baseline is kept under (`null` with the cache off). */
  cacheEntry: string | null;
}

async function keyParts(options: GateOptions, repo: string, cacheDir: string): Promise<BaselineKeyParts> {
  const base = await resolveCommit(repo, options.baseline);
  const split = await loadSplit(options.split, { reposDir: options.reposDir ?? join(cacheDir, 'repos') });
  const tasks = options.limit === undefined ? split.tasks : split.tasks.slice(0, options.limit);
  const repeats = options.repeats ?? 1;
  const file = (path: string | undefined) => (path === undefined ? null : sha256(readFileSync(path)));
  return {
    base: base.sha,
    split: options.split,
    tasks: sha256(JSON.stringify(rolloutTasks(tasks, repeats))),
    model: options.model,
    llm_block: file(options.llmBlock),
    stand_in: options.standIn === undefined ? null : { ...options.standIn },
    config: file(options.config),
    workspace: options.workspace === undefined ? null : resolve(options.workspace),
    repeats,
    turn_budget: options.turnBudget ?? null,
    agent_track: packageVersion(),
  };
}

/**
 * A before-after between a pull request's base and head for CI: the base arm is restored from the
 * cache when an earlier gate ran the same base with the same configuration (only the head runs),
 * the run is the before-after's, and beside its report the gate writes `comment.md` (for the
 * pull request and `$GITHUB_STEP_SUMMARY`) and `junit.xml`; its `status` is what the CLI exits on.
 *
 * @example
 * const { status } = await gate({ baseline: 'origin/main', candidate: 'HEAD', split: 'fixture-code/small_test', model: 'offline', confirmSpend: true });
 */
export async function gate(options: GateOptions): Promise<GateResult> {
  const repo = resolve(options.repo ?? '.');
  const cacheDir = resolveCacheDir(options.cacheDir);
  const useCache = options.baselineCache !== false && options.confirmSpend === true;
  const parts = useCache ? await keyParts(options, repo, cacheDir) : null;
  const entry = parts === null ? null : join(cacheDir, 'gate-baselines', baselineKey(parts));
  let reused = 0;
  const result = await beforeAfter({
    ...options,
    onCampaignDir: (dir) => {
      if (entry === null || parts === null) return;
      reused = restoreBaseline(entry, parts, dir);
      if (reused > 0) options.log?.(`gate: ${reused} baseline rollouts reused from ${entry}`);
    },
  });
  if (result.report === null) return { ...result, status: null, reused, cacheEntry: entry };
  if (entry !== null && parts !== null) {
    const kept = saveBaseline(entry, parts, result.dir);
    if (kept > 0)
      options.log?.(`gate: kept ${kept} baseline rollouts for the next gate on this base (${entry})`);
  }
  const status = gateStatus(result.report, result.stoppedBy);
  const comment = join(result.dir, 'comment.md');
  const junit = join(result.dir, 'junit.xml');
  writeFileSync(
    comment,
    renderGateComment({
      report: result.report,
      status,
      split: options.split,
      reused,
      reportHref: options.reportUrl ?? 'report.html',
    }),
  );
  writeFileSync(junit, renderJunit(result.report, status));
  return { ...result, files: [...result.files, comment, junit], status, reused, cacheEntry: entry };
}
