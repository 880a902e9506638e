import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AgentAdapter } from '../../agent/index.js';
import {
  type LlmBlock,
  openModel,
  probeCorpora,
  runPool,
  type SelectAgentOptions,
  writeMcpConfig,
} from '../../agent/index.js';
import { envSecrets, type QueueTarget } from '../../core/index.js';
import { appendRunRecord, defaultRunLog, reportRunRecords } from '../../report/index.js';
import type { Task } from '../../retrieval/index.js';
import { parseSplitName, rolloutTasks } from '../../retrieval/index.js';
import { openSpendLedger } from '../campaign/spend/spend-ledger.js';
import type { RolloutContext } from './run-rollout.js';
import { assertTrackDirectory } from './track-dir.js';
import { openTrackLedger } from './track-ledger.js';
import { assertTrackSpend, buildTrackPlan, renderTrackPlan, type TrackPlan } from './track-plan.js';
import { trackProgress } from './track-progress.js';
import { openTrackQueue } from './track-queue.js';
import type { TrackReport } from './track-report-schema.js';
import { writeTrackReport } from './track-results.js';
import { localRollouts } from './track-rollouts.js';
import { openTrackProduct } from './track-setup.js';
import { runTrackTask, type TrackStop } from './track-task.js';

export interface TrackOptions {
  agent: AgentAdapter;
  /** `<dataset>/<slice>`, for the plan and the title. */
  split: string;
  tasks: readonly Task[];
  /** The track directory (ledger, transcripts, trajectories, report). */
  out: string;
  product?: string;
  config?: string;
  cacheDir?: string;
  reposDir?: string;
  judge?: { model: string; block?: LlmBlock; endpointUrl?: string; usdPerCall?: number | null };
  usdPerRollout?: number | null;
  maxUsd?: number | null;
  confirmSpend?: boolean;
  timeoutMs?: number;
  killGraceMs?: number;
  /** Attempts per (task, arm) in one run before the task is discarded (default 2). */
  attempts?: number;
  /** Largest judge-score difference counted as parity (default 1, on 0..10). */
  tolerance?: number;
  seed?: number;
  /** Rollout pairs per task (default 1): each repeat a bare and a with-server rollout judged as a pair. */
  repeats?: number;
  agentModel?: string | null;
  maxTurns?: number | null;
  /** Environment variables holding keys: their values are cut from every file written (default `ANTHROPIC_API_KEY`). */
  keyEnv?: readonly string[];
  env?: Readonly<Record<string, string | undefined>>;
  /** Where `report.md` goes (default `<out>/report.md`; `report.json` beside the track). */
  reportFile?: string;
  /** The run log each finished track appends its records to (default: the cache directory's `runs.jsonl`). */
  runLog?: string;
  onLine?: (text: string) => void;
  /** Where the progress line goes (`trackProgress`; default stderr: drawn on a terminal, a line every 30 s elsewhere). */
  progress?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Tasks in flight at once (default 1); each task's two arms still run one after the other. */
  concurrency?: number;
  /** The rollouts as jobs on this queue, the agent named for the workers to select (`--agent`, its flags). */
  queue?: { target: QueueTarget; agent: { name: 'claude-code' | 'command'; options: SelectAgentOptions } };
}

export interface TrackResult {
  plan: TrackPlan;
  ran: boolean;
  /** Why the run stopped before the end (`SpendCeiling`, `TRACK_COST_UNREPORTED`); `null` when it did not. */
  stopped: { type: string; message: string } | null;
  report: TrackReport | null;
  reportFile: string | null;
  ledger: string;
}

/**
 * Runs a track: per task, the agent twice (`bare`, then `with-server` with the product's MCP
 * server), each transcript imported as a trajectory, then the blind judge on the two answers; the
 * ledger makes it resumable (completed pairs skipped, discarded tasks never re-attempted, said
 * why). Without `confirmSpend` it prints the plan and stops. Each rollout is booked before it
 * starts on the one spend ledger and settled at the cost the agent reports; with a ceiling, a rollout
 * that reports no cost stops the track (fail closed). Writes `report.json` and `report.md` from everything the ledger holds.
 *
 * @example
 * const result = await runTrack({ agent: claudeCodeAgent(), split: 'fixture-code/small_test', tasks, out: 'runs/track', confirmSpend: true });
 */
export async function runTrack(given: TrackOptions): Promise<TrackResult> {
  // Absolute: the agent runs in each task's corpus directory, and reads its MCP config from here.
  const options = { ...given, out: resolve(given.out) };
  const say = options.onLine ?? (() => {});
  const env = options.env ?? process.env;
  const judgeModel = options.judge?.model ?? 'offline';
  const plan = buildTrackPlan({
    agent: options.agent,
    split: options.split,
    tasks: options.tasks.map((t) => t.id),
    repeats: options.repeats ?? 1,
    usdPerRollout: options.usdPerRollout ?? null,
    judge: {
      model: judgeModel,
      offline: judgeModel === 'offline',
      usdPerCall: options.judge?.usdPerCall ?? null,
    },
    maxUsd: options.maxUsd ?? null,
  });
  const ledgerFile = join(options.out, 'ledger.jsonl');
  assertTrackDirectory(options.out);
  say(renderTrackPlan(plan));
  if (options.confirmSpend !== true) {
    say('Nothing ran: add `--confirm-spend` to run it.');
    return { plan, ran: false, stopped: null, report: null, reportFile: null, ledger: ledgerFile };
  }
  assertTrackSpend(plan, options.agent);
  mkdirSync(options.out, { recursive: true });
  writeFileSync(join(options.out, 'plan.json'), `${JSON.stringify(plan, null, 2)}\n`);
  const product = openTrackProduct({
    agent: options.agent,
    ...pick(options, ['product', 'config', 'cacheDir', 'reposDir']),
  });
  // Before the first rollout, with no agent and nothing spent: the product's server asked once per
  // corpus for a file the corpus holds; one that cannot find it refuses the track (exit 2).
  const probed = await probeCorpora(options.tasks, {
    product: product.product,
    workspaces: product.place,
    strict: true,
  });
  await probed.servers.close();
  for (const probe of probed.probes) say(probe.line);
  const ledger = openTrackLedger(ledgerFile);
  if (ledger.tornLine !== null) say(`ledger: a torn line ${ledger.tornLine} from a killed run was cut off`);
  // The one spend ledger: what earlier runs of this track spent counts against the ceiling.
  const spend = openSpendLedger(join(options.out, 'spend.jsonl'), { ceilingUsd: plan.max_usd });
  if (spend.tornLine !== null)
    say(`spend ledger: a torn line ${spend.tornLine} from a killed run was cut off`);
  const keyEnv = [
    ...(options.keyEnv ?? ['ANTHROPIC_API_KEY']),
    ...(options.judge?.block?.auth ? [options.judge.block.auth.env] : []),
  ];
  const secrets = envSecrets(env, keyEnv);
  const context: RolloutContext = {
    agent: options.agent,
    dir: options.out,
    env,
    secrets,
    timeoutMs: options.timeoutMs ?? 600_000,
    ...(options.killGraceMs === undefined ? {} : { killGraceMs: options.killGraceMs }),
    roles: product.roles,
    extract: product.extract,
    model: options.agentModel ?? null,
    maxTurns: options.maxTurns ?? null,
    capUsd: plan.usd_per_rollout,
    emptyMcpConfig: writeMcpConfig(join(options.out, 'mcp', 'empty.json'), null, null),
  };
  const judge = await openModel({
    model: judgeModel,
    ...(options.judge?.block === undefined ? {} : { block: options.judge.block }),
    ...(options.judge?.endpointUrl === undefined ? {} : { endpointUrl: options.judge.endpointUrl }),
    provider: { env },
  });
  const rollouts = rolloutTasks(options.tasks, plan.repeats);
  const runner =
    options.queue === undefined
      ? localRollouts(context)
      : await openTrackQueue({
          target: options.queue.target,
          out: options.out,
          agent: options.queue.agent,
          ...pick(options, ['product', 'config']),
          context,
          keyEnv,
          log: say,
        });
  const progress = trackProgress({
    ledger,
    spend,
    taskIds: rollouts.map((task) => task.id),
    ceilingUsd: plan.max_usd,
    stream: options.progress ?? process.stderr,
    say,
  });
  progress.show();
  let stopped = null as TrackStop | null;
  try {
    // Repeat k >= 2 of a task is its rollout `<id>~k` (`rolloutTask`): its own ledger lines and pair.
    // Once one task says stop, no other starts; those running finish.
    await runPool(rollouts, options.concurrency ?? 1, async (task) => {
      if (stopped !== null) return;
      const stop = await runTrackTask(task, {
        options,
        ledger,
        spend,
        context,
        rollouts: runner,
        product,
        plan,
        judge,
        say: progress.say,
      });
      stopped ??= stop;
    });
  } finally {
    progress.done();
    await judge.close();
    await runner.close?.();
  }
  if (stopped !== null) say(`stopped: ${stopped.type}: ${stopped.message}`);
  const written = await writeTrackReport({
    out: options.out,
    reportFile: options.reportFile ?? join(options.out, 'report.md'),
    title: `track: ${options.agent.name} over ${options.split}`,
    agent: `${options.agent.name} (${options.agent.bin})`,
    judge: { model: judgeModel, offline: judge.offline },
    tolerance: options.tolerance ?? 1,
    tasks: options.tasks,
    repeats: plan.repeats,
    lines: ledger.lines(),
    roles: product.roles,
    product: product.name,
  });
  say(`report: ${written.reportFile}`);
  // One record per arm in the run log, beside before-afters, campaigns and retrieval runs.
  const { dataset: name, slice } = parseSplitName(options.split);
  const dataset = { name, slice, limit: null, tasks: options.tasks.length };
  const artifacts = { report: written.reportFile, report_json: join(options.out, 'report.json') };
  const labels = { baseline: 'bare', candidate: 'with-server' };
  for (const record of reportRunRecords(written.report.report, dataset, artifacts, {}, labels))
    appendRunRecord(options.runLog ?? defaultRunLog(options.cacheDir), { ...record, system: 'track' });
  return {
    plan,
    ran: true,
    stopped,
    report: written.report,
    reportFile: written.reportFile,
    ledger: ledgerFile,
  };
}

function pick<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(keys.filter((k) => from[k] !== undefined).map((k) => [k, from[k]])) as Partial<
    Pick<T, K>
  >;
}
