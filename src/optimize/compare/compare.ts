import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadLlmBlock } from '../../agent/index.js';
import { AgentTrackError, invalidOption, resolveCacheDir } from '../../core/index.js';
import { DEFAULT_SERVING_CONFIG } from '../../product/index.js';
import {
  appendRunRecord,
  buildCompareReport,
  type CompareReport,
  defaultRunLog,
  flatCompareMetrics,
  renderCompareMarkdown,
  systemRunRecords,
} from '../../report/index.js';
import { clustersOf, loadSplit, type Task } from '../../retrieval/index.js';
import type { Spending } from '../../stats/index.js';
import { checkLooks } from '../before-after/looks-plan.js';
import { startOfflineModel } from '../before-after/offline-model.js';
import { buildPlan, writePlan } from '../before-after/plan.js';
import type { Plan } from '../before-after/plan-schema.js';
import { renderPlan } from '../before-after/plan-text.js';
import { assertSameCampaign, assertSamePlan, runCampaign } from '../before-after/run-campaign.js';
import { loadCompareConfig } from './compare-config.js';
import {
  compareInLooks,
  compareLooksSummary,
  comparePrimary,
  DEFAULT_COMPARE_PRIMARY,
  planCompareLooks,
} from './compare-looks.js';
import { prepareSystems, probeSystem } from './compare-systems.js';
import { primaryValues, scoreSystems } from './score-systems.js';

export interface CompareOptions {
  /** The comparison config (`configs/compare/*.yaml`). */
  config: string;
  model: string;
  /** Required unless the model is `offline`. */
  llmBlock?: string;
  /** The run directory (default `runs/compare-<name>`). */
  out?: string;
  /** The harness every system is run by: the CLI's own (`selfCommand('harness')`). */
  harness: readonly string[];
  confirmSpend?: boolean;
  maxUsd?: number | null;
  concurrency?: number;
  limit?: number;
  cacheDir?: string;
  reposDir?: string;
  prices?: { inputPer1m?: number | null; outputPer1m?: number | null };
  /** The run log its records are appended to (default the cache directory's `runs.jsonl`). */
  runLog?: string;
  /** Row -> margin (`--margin`), over the config's `margins` row by row. */
  margins?: Readonly<Record<string, number>>;
  /** `--looks K > 1`: run the tasks in K batches and stop once every system crossed a boundary. */
  looks?: number;
  spending?: Spending;
  /** The row the looks decide on (default `needle_reached`). */
  primary?: string;
  log?: (line: string) => void;
  progress?: NodeJS.WritableStream & { isTTY?: boolean };
}

export interface CompareResult {
  dir: string;
  plan: Plan;
  /** `null` for a plan-only invocation. */
  report: CompareReport | null;
  files: string[];
}

/**
 * Runs one split against N systems, head to head, and reports each against a reference system:
 * the systems put in place (`prepareSystems`), each one's tool descriptions counted from its own
 * server, the plan printed and written; with `confirmSpend` every system's rollouts run as
 * campaign arms (`runCampaign`: the spend gate, the ceiling, the queue, resumable, kill-safe),
 * each scored with its own tool roles and the one relevance predicate, and its free rung run (its
 * search tool asked each question once, no model: `searchRung`); then `report.json`
 * (`needle_reached` per system), `report.md` and the figure.
 *
 * @example
 * const { report } = await compareSystems({ config: 'configs/compare/filesystem.yaml', model: 'offline', harness, confirmSpend: true });
 * report?.needle_reached; // { reference: 1, 'server-filesystem': 0.583, 'reference-http': 1 }
 */
export async function compareSystems(options: CompareOptions): Promise<CompareResult> {
  const config = loadCompareConfig(options.config);
  // The looks and their row are checked before any work.
  if (options.looks !== undefined) checkLooks(options.looks, options.spending);
  const primary = comparePrimary(options.primary ?? DEFAULT_COMPARE_PRIMARY);
  const inLooks = options.looks !== undefined && options.looks > 1;
  // A comparison has no decision rule: its primary row is only what its looks decide on.
  if (options.primary !== undefined && !inLooks)
    throw invalidOption('primary', 'given with --looks K > 1 (the row the looks decide on)', options.primary);
  const say = options.log ?? (() => {});
  const cacheDir = resolveCacheDir(options.cacheDir);
  const reposDir = options.reposDir ?? join(cacheDir, 'repos');
  const split = await loadSplit(config.split, { reposDir });
  const limit = options.limit ?? config.limit;
  const given = { ...config.margins, ...options.margins };
  const margins = Object.keys(given).length === 0 ? undefined : given;
  const tasks = limit === undefined ? split.tasks : split.tasks.slice(0, limit);
  if (inLooks && tasks.length < options.looks!)
    throw invalidOption('looks', `at most the comparison's ${tasks.length} tasks`, options.looks);
  const first = tasks.find((task) => task.corpus !== undefined);
  if (first === undefined)
    throw new AgentTrackError(
      'COMPARE_NO_CORPUS',
      `The split \`${config.split}\` has no task with a corpus to serve`,
      {
        data: { split: config.split },
      },
    );
  const dir = resolve(options.out ?? join('runs', `compare-${config.name}`));
  // Another job's directory is refused before a model, a worktree or a file is made in it.
  assertSameCampaign(dir, `compare-${config.name}`);
  mkdirSync(dir, { recursive: true });
  const offline =
    options.model === 'offline' && options.llmBlock === undefined ? await startOfflineModel(dir) : null;
  try {
    if (offline === null && options.llmBlock === undefined)
      throw new AgentTrackError(
        'LLM_BLOCK_REQUIRED',
        `The model \`${options.model}\` needs \`--llm-block FILE\``,
        {
          data: { model: options.model },
        },
      );
    const block = loadLlmBlock(offline?.blockFile ?? options.llmBlock!);
    const { systems, release } = await prepareSystems(config.systems, {
      dir,
      harness: options.harness,
      installCache: join(cacheDir, 'installs'),
    });
    try {
      const arms = [];
      for (const system of systems) {
        // Before the plan: each system shown to see the split's corpora (a plan that runs nothing:
        // the first one's, no other index built), its tool descriptions counted.
        const { tokens, probes } = await probeSystem(system, options.confirmSpend ? tasks : [first], {
          config: DEFAULT_SERVING_CONFIG,
          cacheDir,
          reposDir,
        });
        for (const probe of probes) say(`${system.arm.arm}: ${probe.line}`);
        say(`${system.arm.arm}: ${system.spec}, ${tokens} tokens of tool descriptions`);
        arms.push({
          arm: system.arm.arm,
          commit: { rev: system.spec, sha: system.arm.commit, subject: system.spec },
          descriptionTokens: tokens,
        });
      }
      const plan = buildPlan({
        campaign: `compare-${config.name}`,
        tasks: { count: tasks.length, split: config.split, limit: limit ?? null },
        arms,
        model: options.model,
        llmBlock: block,
        ...(config.turn_budget === undefined ? {} : { turnBudget: config.turn_budget }),
        ...(options.prices === undefined ? {} : { prices: options.prices }),
        clusters: new Set(clustersOf(tasks).values()).size,
        comparison: { reference: config.reference },
        ...(margins === undefined ? {} : { margins }),
        looks: inLooks ? { count: options.looks!, spending: options.spending ?? 'obrien-fleming' } : null,
      });
      assertSamePlan(dir, plan);
      writePlan(dir, plan);
      say(renderPlan(plan));
      const others = systems.map((system) => system.arm.arm).filter((name) => name !== config.reference);
      const looks = inLooks
        ? planCompareLooks(dir, {
            looks: options.looks!,
            ...(options.spending === undefined ? {} : { spending: options.spending }),
            tasks: tasks.length,
            rolloutsUsd: plan.totals.rollouts_usd,
            systems: others.length,
            primary: primary.key,
            say,
          })
        : null;
      if (!options.confirmSpend) {
        say(
          `plan only: nothing ran, nothing was spent. Add --confirm-spend to run it (plan: ${join(dir, 'plan.json')}).`,
        );
        return { dir, plan, report: null, files: [join(dir, 'plan.json')] };
      }
      const runOn = (some: readonly Task[]) =>
        runCampaign({
          repo: dir,
          dir,
          plan,
          tasks: some,
          llmBlock: block,
          confirmSpend: true,
          maxUsd: options.maxUsd ?? null,
          concurrency: options.concurrency ?? 2,
          prepared: { arms: systems.map((system) => system.arm), release: async () => {} },
          probed: systems.map((system) => system.arm.arm),
          harnessArgs: [
            ...['--attempts', '1', '--retry-failed', '--cache-dir', cacheDir, '--repos-dir', reposDir],
            ...['--turn-budget', String(plan.turn_budget)],
            ...(offline ? ['--endpoint-url', offline.endpointUrl] : []),
          ],
          ...(options.progress ? { progress: options.progress } : {}),
        });
      const done =
        looks === null
          ? { ran: await runOn(tasks), tasks, observed: null }
          : await compareInLooks({
              dir,
              tasks,
              plan: looks,
              primary,
              reference: config.reference,
              systems: others,
              values: primaryValues(dir, config, primary),
              runOn,
              say,
            });
      const { run } = done.ran;
      const reported = done.tasks;
      say(
        `systems finished (stopped by: ${run.stoppedBy ?? 'nothing'}); booked ${run.bookedUsd.toFixed(4)} USD`,
      );
      const { results, problems } = await scoreSystems(dir, systems, reported, config, {
        cacheDir,
        reposDir,
      });
      for (const problem of problems) say(`refused trajectory: ${problem}`);
      const built = buildCompareReport(results, {
        title: `compare ${config.name}: ${systems.length} systems on ${config.split}`,
        model: options.model,
        offline: offline !== null,
        reference: config.reference,
        clusters: clustersOf(reported),
        ...(margins === undefined ? {} : { margins }),
      });
      const report =
        looks === null || done.observed === null
          ? built
          : { ...built, looks: compareLooksSummary(looks, primary.key, done.observed, tasks.length) };
      const files = [join(dir, 'report.json'), join(dir, 'report.md'), join(dir, 'metrics.json')];
      writeFileSync(files[0]!, `${JSON.stringify(report, null, 2)}\n`);
      writeFileSync(files[1]!, renderCompareMarkdown(report));
      writeFileSync(files[2]!, `${JSON.stringify(flatCompareMetrics(report), null, 2)}\n`);
      const { plotRun } = await import('../../report/plots/index.js');
      const plots = await plotRun([files[0]!], join(dir, 'plots'));
      for (const warning of plots.warnings) say(`plots: ${warning}`);
      for (const figure of plots.figures)
        files.push(figure.svg, ...(figure.png === null ? [] : [figure.png]));
      // One record per system in the run log, beside before-afters, tracks and campaigns.
      const dataset = {
        name: split.definition.name,
        slice: split.slice,
        limit: limit ?? null,
        tasks: reported.length,
      };
      const artifacts = { report: files[1]!, report_json: files[0]!, html: join(dir, 'report.html') };
      for (const record of systemRunRecords(report, dataset, artifacts, { usd: run.bookedUsd }))
        appendRunRecord(options.runLog ?? defaultRunLog(cacheDir), record);
      return { dir, plan, report, files };
    } finally {
      await release();
    }
  } finally {
    await offline?.close();
  }
}
