import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { judgePair, type LlmBlock, openModel } from '../../agent/index.js';
import { AgentTrackError } from '../../errors.js';
import type { Task } from '../../retrieval/index.js';
import { createSpendBook, type SpendBook } from '../campaign/spend.js';
import type { AgentAdapter } from './agents/agent-adapter.js';
import { writeMcpConfig } from './mcp-config.js';
import { type RolloutContext, runRollout } from './run-rollout.js';
import { openTrackLedger, type TrackLedger } from './track-ledger.js';
import { assertTrackSpend, buildTrackPlan, renderTrackPlan, type TrackPlan } from './track-plan.js';
import type { TrackReport } from './track-report-schema.js';
import { writeTrackReport } from './track-results.js';
import { TRACK_ARMS } from './track-schema.js';
import { openTrackProduct } from './track-setup.js';

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
  agentModel?: string | null;
  maxTurns?: number | null;
  /** Environment variables holding keys: their values are cut from every file written (default `ANTHROPIC_API_KEY`). */
  keyEnv?: readonly string[];
  env?: Readonly<Record<string, string | undefined>>;
  /** Where `report.md` goes (default `<out>/report.md`; `report.json` beside the track). */
  reportFile?: string;
  onLine?: (text: string) => void;
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

type Stop = { type: string; message: string };

function afterRollout(book: SpendBook, reported: number | null, estimate: number, key: string): Stop | null {
  if (reported === null) {
    if (book.ceilingUsd === null) return null;
    return {
      type: 'TRACK_COST_UNREPORTED',
      message: `\`${key}\` reported no cost, so \`--max-usd ${book.ceilingUsd}\` cannot be enforced: stopped (fail closed)`,
    };
  }
  if (reported > estimate && !book.tryBook('rollout', `${key}:overrun`, reported - estimate)) {
    return {
      type: 'SpendCeiling',
      message: `\`${key}\` cost $${reported.toFixed(4)}, past its booking; the ceiling is reached`,
    };
  }
  return null;
}

/**
 * Runs a track: per task, the agent twice (`bare`, then `with-server` with the product's MCP
 * server), each transcript imported as a trajectory, then the blind judge on the two answers; the
 * ledger makes it resumable (completed pairs skipped, discarded tasks never re-attempted, said
 * why). Without `confirmSpend` it prints the plan and stops. Each rollout is booked before it
 * starts; with a ceiling, an overrun is booked after, and a rollout that reports no cost stops the
 * track (fail closed). Writes `report.json` and `report.md` from everything the ledger holds.
 *
 * @example
 * const result = await runTrack({ agent: claudeCodeAgent(), split: 'fixture-code/small_test', tasks, out: 'runs/track', confirmSpend: true });
 */
export async function runTrack(options: TrackOptions): Promise<TrackResult> {
  const say = options.onLine ?? (() => {});
  const env = options.env ?? process.env;
  const judgeModel = options.judge?.model ?? 'offline';
  const plan = buildTrackPlan({
    agent: options.agent,
    split: options.split,
    tasks: options.tasks.map((t) => t.id),
    usdPerRollout: options.usdPerRollout ?? null,
    judge: {
      model: judgeModel,
      offline: judgeModel === 'offline',
      usdPerCall: options.judge?.usdPerCall ?? null,
    },
    maxUsd: options.maxUsd ?? null,
  });
  const ledgerFile = join(options.out, 'ledger.jsonl');
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
  const ledger = openTrackLedger(ledgerFile);
  if (ledger.tornLine !== null) say(`ledger: a torn line ${ledger.tornLine} from a killed run was cut off`);
  const book = createSpendBook({ ceilingUsd: plan.max_usd, alreadyBookedUsd: ledger.bookedUsd() });
  const keyEnv = [
    ...(options.keyEnv ?? ['ANTHROPIC_API_KEY']),
    ...(options.judge?.block?.auth ? [options.judge.block.auth.env] : []),
  ];
  const secrets = keyEnv.flatMap((name) => (env[name] === undefined ? [] : [env[name]!]));
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
  let stopped: Stop | null = null;
  try {
    for (const task of options.tasks) {
      stopped = await runTask(task, { options, ledger, book, context, product, plan, judge, say });
      if (stopped !== null) break;
    }
  } finally {
    await judge.close();
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
    lines: ledger.lines(),
    roles: product.roles,
    product: product.name,
  });
  say(`report: ${written.reportFile}`);
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

interface TaskScope {
  options: TrackOptions;
  ledger: TrackLedger;
  book: SpendBook;
  context: RolloutContext;
  product: ReturnType<typeof openTrackProduct>;
  plan: TrackPlan;
  judge: Awaited<ReturnType<typeof openModel>>;
  say: (text: string) => void;
}

async function runTask(task: Task, scope: TaskScope): Promise<Stop | null> {
  const { ledger, book, say, plan } = scope;
  const discarded = ledger.discarded(task.id);
  if (discarded !== undefined) {
    say(`${task.id}\tskipped: discarded earlier (${discarded.reason.type}: ${discarded.reason.message})`);
    return null;
  }
  if (ledger.judged(task.id) !== undefined) {
    say(`${task.id}\tskipped: pair complete`);
    return null;
  }
  const { cwd, server } = await scope.product.prepare(task);
  const mcp = writeMcpConfig(
    join(scope.options.out, 'mcp', `${encodeURIComponent(task.id)}.json`),
    scope.product.name,
    server,
  );
  const attempts = scope.options.attempts ?? 2;
  for (const arm of TRACK_ARMS) {
    if (ledger.done(task.id, arm) !== undefined) continue;
    let last: { type: string; message: string } | null = null;
    for (let tries = 0; tries < attempts; tries++) {
      const estimate = plan.usd_per_rollout ?? 0;
      const key = `${arm}/${task.id}`;
      if (!book.tryBook('rollout', key, estimate)) {
        return {
          type: 'SpendCeiling',
          message: `the next rollout (\`${key}\`, $${estimate}) would cross the ceiling`,
        };
      }
      const line = await runRollout(scope.context, {
        taskId: task.id,
        question: task.question,
        arm,
        cwd,
        mcpConfig: arm === 'with-server' ? mcp : null,
        serverName: arm === 'with-server' ? scope.product.name : null,
        attempt: ledger.attempts(task.id, arm) + 1,
        bookedUsd: estimate,
      });
      const reported = line.figures?.cost_usd ?? null;
      line.booked_usd = Math.max(estimate, reported ?? 0);
      ledger.append(line);
      const figures = line.figures;
      say(
        figures === null
          ? `${task.id}\t${arm}\tfailed ${line.exception?.type}: ${line.exception?.message}`
          : `${task.id}\t${arm}\tdone\tturns ${figures.turns}\tcalls ${figures.tool_calls}\t${figures.cost_usd === null ? 'cost n/a' : `$${figures.cost_usd.toFixed(4)}`}\t${figures.wall_ms} ms`,
      );
      const stop = line.status === 'done' ? afterRollout(book, reported, estimate, key) : null;
      if (stop !== null) return stop;
      if (line.status === 'done') {
        last = null;
        break;
      }
      last = line.exception;
    }
    if (last !== null) {
      ledger.append({
        kind: 'discard',
        task_id: task.id,
        arm,
        reason: last,
        finished_at: new Date().toISOString(),
      });
      say(`${task.id}\tdiscarded: ${arm} failed ${attempts} time(s); last: ${last.type}: ${last.message}`);
      return null;
    }
  }
  return judgeTask(task, scope);
}

async function judgeTask(task: Task, scope: TaskScope): Promise<Stop | null> {
  const { ledger, book, plan, judge } = scope;
  const estimate = 2 * (plan.judge.usd_per_call ?? 0);
  if (!book.tryBook('judge', task.id, estimate)) {
    return { type: 'SpendCeiling', message: `judging \`${task.id}\` ($${estimate}) would cross the ceiling` };
  }
  const answer = (arm: 'bare' | 'with-server') => ({
    arm,
    answer: ledger.done(task.id, arm)?.answer ?? null,
  });
  let verdict: Awaited<ReturnType<typeof judgePair>>;
  try {
    verdict = await judgePair({
      provider: judge.provider,
      model: judge.model,
      task,
      answers: [answer('bare'), answer('with-server')],
      seed: scope.options.seed ?? 0,
    });
  } catch (error) {
    if (!(error instanceof AgentTrackError)) throw error;
    ledger.append({
      kind: 'discard',
      task_id: task.id,
      arm: null,
      reason: { type: error.code, message: error.message },
      finished_at: new Date().toISOString(),
    });
    scope.say(`${task.id}\tdiscarded: ${error.code}: ${error.message}`);
    return null;
  }
  ledger.append({
    kind: 'judge',
    task_id: task.id,
    status: verdict.status,
    model: judge.model,
    offline: judge.offline,
    order: verdict.order as ['bare' | 'with-server', 'bare' | 'with-server'],
    scores: verdict.scores,
    reasons: verdict.reasons,
    calls: verdict.calls,
    usage: verdict.usage,
    cost_usd: verdict.cost_usd,
    booked_usd: Math.max(estimate, verdict.cost_usd ?? 0),
    error: verdict.error,
    finished_at: new Date().toISOString(),
  });
  const s = verdict.scores;
  scope.say(
    verdict.status === 'judged'
      ? `${task.id}\tjudged\tbare ${s.bare}\twith-server ${s['with-server']}`
      : `${task.id}\tjudge failed: ${verdict.error?.type}: ${verdict.error?.message}`,
  );
  return null;
}
