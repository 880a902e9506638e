import { join } from 'node:path';
import { judgePair, type OpenedModel, writeMcpConfig } from '../../agent/index.js';
import { AgentTrackError } from '../../core/index.js';
import type { Task } from '../../retrieval/index.js';
import { jobsPart } from '../campaign/progress.js';
import { crossesCeiling, type SpendLedger } from '../campaign/spend/spend-ledger.js';
import type { RolloutContext } from './run-rollout.js';
import type { TrackLedger } from './track-ledger.js';
import type { TrackPlan } from './track-plan.js';
import type { TrackRollouts } from './track-rollouts.js';
import { TRACK_ARMS } from './track-schema.js';
import type { TrackProduct } from './track-setup.js';

/** Why a track stopped before its end. */
export type TrackStop = { type: string; message: string };

// A done rollout settles its booking at the cost the agent reported. With a ceiling, one that
// reported no cost stops the track (fail closed), and one whose cost took the total past it too.
function afterRollout(
  spend: SpendLedger,
  booking: string,
  reported: number | null,
  key: string,
): TrackStop | null {
  if (reported === null) {
    if (spend.ceilingUsd === null) return null;
    return {
      type: 'TRACK_COST_UNREPORTED',
      message: `\`${key}\` reported no cost, so \`--max-usd ${spend.ceilingUsd}\` cannot be enforced: stopped (fail closed)`,
    };
  }
  spend.settle(booking, reported);
  if (crossesCeiling(spend.spentUsd(), spend.ceilingUsd)) {
    return {
      type: 'SpendCeiling',
      message: `\`${key}\` cost $${reported.toFixed(4)}, past its booking; the ceiling is reached`,
    };
  }
  return null;
}

// On a queue, the first attempt of a (task, arm) in a run first looks at the newest booking an
// earlier run left open: its job still queued, or never sent, is used rather than booked again.
async function bookRollout(
  scope: TaskScope,
  key: string,
  usd: number,
  first: boolean,
): Promise<string | null> {
  const { spend, rollouts } = scope;
  const open = first && rollouts.reattach !== undefined ? spend.openReservations(key).at(-1) : undefined;
  if (open !== undefined && (await rollouts.reattach!(open)) !== null) {
    scope.say(
      `${key}: on the booking an earlier run left open (its job is waited for or sent now), not booked again`,
    );
    return open;
  }
  return spend.tryReserve('rollout', key, 1, usd);
}

// The task's corpus indexed here, and the MCP config of its server written into the track.
async function prepareHere(task: Task, scope: TaskScope): Promise<{ cwd: string; mcp: string }> {
  const { cwd, server } = await scope.product.prepare(task);
  const file = join(scope.options.out, 'mcp', `${encodeURIComponent(task.id)}.json`);
  return { cwd, mcp: writeMcpConfig(file, scope.product.name, server) };
}

/** What one task of a running track needs. */
export interface TaskScope {
  options: { out: string; attempts?: number; seed?: number };
  ledger: TrackLedger;
  spend: SpendLedger;
  context: RolloutContext;
  rollouts: TrackRollouts;
  product: TrackProduct;
  plan: TrackPlan;
  judge: OpenedModel;
  say: (text: string) => void;
}

/**
 * One task of a track: skipped when discarded earlier (saying why) or already judged; else each arm
 * lacking a done rollout runs (booked first, retried up to `attempts`, then the task is discarded),
 * then the blind judge. Returns why the track must stop, or `null`.
 *
 * @example
 * const stop = await runTrackTask(task, scope);
 */
export async function runTrackTask(task: Task, scope: TaskScope): Promise<TrackStop | null> {
  const { ledger, spend, say, plan } = scope;
  const discarded = ledger.discarded(task.id);
  if (discarded !== undefined) {
    say(`${task.id}\tskipped: discarded earlier (${discarded.reason.type}: ${discarded.reason.message})`);
    return null;
  }
  if (ledger.judged(task.id) !== undefined) {
    say(`${task.id}\tskipped: pair complete`);
    return null;
  }
  // Rollouts run elsewhere index the corpus and write the MCP config on their own machine (a task
  // with no corpus is still refused here, as `prepare` refuses it).
  const { cwd, mcp } =
    scope.rollouts.remote && task.corpus !== undefined
      ? { cwd: '', mcp: null }
      : await prepareHere(task, scope);
  const attempts = scope.options.attempts ?? 2;
  for (const arm of TRACK_ARMS) {
    if (ledger.done(task.id, arm) !== undefined) continue;
    let last: { type: string; message: string } | null = null;
    for (let tries = 0; tries < attempts; tries++) {
      const estimate = plan.usd_per_rollout ?? 0;
      const key = `${arm}/${task.id}`;
      const booking = await bookRollout(scope, key, estimate, tries === 0);
      if (booking === null) {
        return {
          type: 'SpendCeiling',
          message: `the next rollout (\`${key}\`, $${estimate}) would cross the ceiling`,
        };
      }
      const { line, refused } = await scope.rollouts.run(
        {
          taskId: task.id,
          question: task.question,
          arm,
          cwd,
          mcpConfig: arm === 'with-server' ? mcp : null,
          serverName: arm === 'with-server' ? scope.product.name : null,
          attempt: ledger.attempts(task.id, arm) + 1,
          bookedUsd: estimate,
        },
        task,
        booking,
      );
      // No worker ran it: nothing was spent (the failed attempt is recorded all the same).
      if (refused) spend.settle(booking, 0);
      const reported = line.figures?.cost_usd ?? null;
      line.booked_usd = Math.max(estimate, reported ?? 0);
      ledger.append(line);
      const figures = line.figures;
      const said =
        figures === null
          ? `${task.id}\t${arm}\tfailed ${line.exception?.type}: ${line.exception?.message}`
          : `${task.id}\t${arm}\tdone\tturns ${figures.turns}\tcalls ${figures.tool_calls}\t${figures.cost_usd === null ? 'cost n/a' : `$${figures.cost_usd.toFixed(4)}`}\t${figures.wall_ms} ms`;
      // On a queue each line also says where the jobs stand, per worker.
      say(said + (scope.rollouts.jobs === undefined ? '' : jobsPart(scope.rollouts.jobs())));
      const stop = line.status === 'done' ? afterRollout(spend, booking, reported, key) : null;
      await scope.rollouts.done?.(booking);
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

async function judgeTask(task: Task, scope: TaskScope): Promise<TrackStop | null> {
  const { ledger, spend, plan, judge } = scope;
  const estimate = 2 * (plan.judge.usd_per_call ?? 0);
  const booking = spend.tryReserve('judge', task.id, 2, estimate);
  if (booking === null) {
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
  // Settled at the endpoint's quote when it gave one; otherwise the booking stands.
  if (verdict.cost_usd !== null && verdict.cost_usd !== undefined) spend.settle(booking, verdict.cost_usd);
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
