import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RecordedError } from '../../core/index.js';
import type { Task } from '../../retrieval/index.js';
import type { Plan } from '../before-after/plan-schema.js';
import { armEnv } from './arm-env.js';
import { bookAttempt } from './book-attempt.js';
import { inFlightCount } from './in-flight.js';
import { endpointFailure, OUTAGE, outageGate } from './outage.js';
import { createProgress, type ProgressState } from './progress.js';
import { WORKER_REFUSED } from './remote/job-schema.js';
import { finishedLines, recordFinished, taskLines } from './resume.js';
import {
  LOCAL_RUNNER,
  openLocalRunner,
  type RolloutRequest,
  type RolloutRunner,
  type RunnableArm,
} from './rollout-runner.js';
import { openRun } from './run-setup.js';
import type { SpendLedger } from './spend/spend-ledger.js';
import { formatUsd, type ModelPrices, rolloutCost } from './spend/usd.js';

export type { RunnableArm } from './rollout-runner.js';

export interface RunArmsOptions {
  /** The campaign directory, `runs/<campaign>`. */
  dir: string;
  plan: Plan;
  arms: readonly RunnableArm[];
  tasks: readonly Task[];
  model: string;
  llmBlockFile: string;
  spend: SpendLedger;
  /** Rollouts running at once across both arms, default 1. */
  concurrency?: number;
  /** Attempts per rollout in this run, default 2 (a failure is retried once, then excluded). */
  maxAttempts?: number;
  rolloutTimeoutMs?: number | null;
  /** Arguments added after the harness's own `run --tasks --out --model --llm-block`. */
  harnessArgs?: readonly string[];
  /** Arguments for one arm's rollouts only, after `harnessArgs` (an arm's own endpoint). */
  armArgs?: (arm: string) => readonly string[];
  env?: Record<string, string | undefined>;
  /** Values (API keys) never written to any campaign file. */
  secrets?: readonly string[];
  signal?: AbortSignal;
  progress?: NodeJS.WritableStream & { isTTY?: boolean };
  /** The pause after a rollout the endpoint failed, doubling for each in a row (default 1 s). */
  outageBackoffMs?: number;
  /** Run the rollouts an earlier run excluded (they failed twice) again: `--retry-failed`. */
  retryFailed?: boolean;
  /** Where the rollouts run: this process's children (default) or a queue's workers. */
  runner?: RolloutRunner;
  /** Arms whose product the campaign probed: their children are told not to probe it again. */
  probed?: ReadonlySet<string>;
}

import type { ArmTally } from './run-setup.js';

export type { ArmTally } from './run-setup.js';

export interface RunArmsResult {
  arms: ArmTally[];
  /** What the campaign's spend ledger holds: reservations, settled at measured usage where known. */
  bookedUsd: number;
  stoppedBy: 'ceiling' | 'abort' | 'endpoint' | 'workers' | null;
}

const CEILING: RecordedError = { type: 'SpendCeiling', message: 'not started: it would cross --max-usd' };
const REFUSED: RecordedError = {
  type: 'WorkersRefused',
  message: "not started: the queue's workers refused the rollouts before it",
};
const ABORTED: RecordedError = { type: 'Aborted', message: 'not started: the campaign was stopped' };

interface Job {
  arm: RunnableArm;
  task: Task;
  usd: number;
}

/**
 * Runs every (arm, task) rollout not yet in the ledger, one harness child per rollout, interleaved
 * by task so a stop leaves pairs; books each at the plan's per-rollout estimate before it starts;
 * a booking that would cross the ceiling waits while other rollouts are in flight (each settles
 * at what it used, below its worst case) and stops the run only when none is; retries a failed rollout once, then
 * excludes it with its exception in `queue.jsonl` and the log. A finished rollout the arm's harness
 * recorded but the campaign ledger missed (a kill in between) is adopted, never paid again.
 *
 * @example
 * const result = await runArms({ dir: 'runs/demo', plan, arms, tasks, model: 'offline', llmBlockFile, spend });
 */
export async function runArms(options: RunArmsOptions): Promise<RunArmsResult> {
  const dir = resolve(options.dir);
  const llmBlockFile = resolve(options.llmBlockFile);
  const secrets = options.secrets ?? [];
  const prices: ModelPrices = {
    inputPer1m: options.plan.prices.input_per_1m,
    outputPer1m: options.plan.prices.output_per_1m,
  };
  const { paths, log, queue, files, tallies, pending } = openRun(dir, {
    ...options,
    // A rollout whose harness finished before a kill let the campaign settle and record it: its
    // booking is settled as the run would have, at what it measurably used.
    settleAdopted: (arm, taskId, line) => {
      const open = options.spend.openReservations(`${arm}/${taskId}`).at(-1);
      const cost = rolloutCost(line, prices);
      if (open !== undefined && cost !== null) options.spend.settle(open, cost);
    },
  });
  const maxAttempts = options.maxAttempts ?? 2;
  const failures = new Map<string, number>();
  const usdOf = (arm: string) =>
    options.plan.arms.find((planned) => planned.arm === arm)?.usd_per_rollout ?? 0;
  const jobs: Job[] = pending.map(({ arm, task }) => ({ arm, task, usd: usdOf(arm.arm) }));

  // Rollouts run on this machine's runners unless the caller brought its own (a queue's).
  const runner = options.runner ?? openLocalRunner();
  if (runner.label !== LOCAL_RUNNER) log(`rollouts run on ${runner.label}`);
  const progress = createProgress(options.progress ?? process.stderr);
  const show = () => {
    const state: ProgressState = {
      arms: [...tallies.values()].map((tally) => ({
        arm: tally.arm,
        done: tally.skipped + tally.finished,
        total: tally.total,
        failed: failures.get(tally.arm) ?? 0,
      })),
      bookedUsd: options.spend.spentUsd(),
      ceilingUsd: options.spend.ceilingUsd,
      ...(runner.jobs === undefined ? {} : { jobs: runner.jobs() }),
    };
    progress.update(state);
  };
  runner.onChange?.(show);
  show();

  let stoppedBy: RunArmsResult['stoppedBy'] = null;
  const outage = outageGate({
    log,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.outageBackoffMs === undefined ? {} : { baseMs: options.outageBackoffMs }),
  });
  const inFlight = inFlightCount();
  const runJob = async (job: Job): Promise<void> => {
    const { arm, task } = job;
    const tally = tallies.get(arm.arm)!;
    const input = paths.taskInput(task.id);
    if (!existsSync(input)) writeFileSync(input, `${JSON.stringify(task)}\n`);
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      await outage.ready();
      if (options.signal?.aborted) stoppedBy ??= 'abort';
      if (stoppedBy !== null) {
        queue.update(arm.arm, task.id, {
          status: 'not_run',
          exception: { ceiling: CEILING, abort: ABORTED, endpoint: OUTAGE, workers: REFUSED }[stoppedBy],
        });
        tally.notRun++;
        return;
      }
      const book = () =>
        bookAttempt({ spend: options.spend, queue, runner, log }, arm.arm, task.id, job.usd, attempt === 1);
      let booked = await book();
      // Other rollouts in flight hold their worst case: wait for one to settle at what it used,
      // then book again; the ceiling stops the run only when nothing in flight could free room.
      while (booked === null && inFlight.count > 0 && stoppedBy === null) {
        await inFlight.settled();
        booked = await book();
      }
      if (booked === null) {
        stoppedBy ??= 'ceiling';
        const spent = options.spend.spentUsd();
        log(
          `stopped at the ceiling: ${arm.arm} ${task.id} (${formatUsd(job.usd)}, its worst case) would take the booked ${formatUsd(spent)} to ${formatUsd(spent + job.usd)}, past ${formatUsd(options.spend.ceilingUsd ?? 0)}, with no rollout in flight left to settle below its booking`,
        );
        queue.update(arm.arm, task.id, { status: 'not_run', exception: CEILING });
        tally.notRun++;
        return;
      }
      const { booking, attempts } = booked;
      inFlight.add();
      show();
      // A directory a killed attempt left without result.json is not a trajectory: start it afresh.
      const taskDir = join(dir, paths.trajectory(arm.arm, task.id));
      if (existsSync(taskDir) && !existsSync(join(taskDir, 'result.json')))
        rmSync(taskDir, { recursive: true, force: true });
      const linesBefore = taskLines(paths, arm.arm, task.id).length;
      const request: RolloutRequest = {
        arm,
        task,
        input,
        out: paths.arm(arm.arm),
        attempt: attempts,
        booking,
        argv: [
          ...arm.harness,
          'run',
          '--tasks',
          input,
          '--out',
          paths.arm(arm.arm),
          '--model',
          options.model,
          '--llm-block',
          llmBlockFile,
          ...(arm.productArgs ?? []),
          ...(options.harnessArgs ?? []),
          ...(options.armArgs?.(arm.arm) ?? []),
        ],
        env: armEnv(options.plan, arm.arm, options.env, options.probed?.has(arm.arm) === true),
        timeoutMs: options.rolloutTimeoutMs ?? null,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        secrets,
      };
      const result = await runner.run(request);
      try {
        let exception = result.exception;
        if (exception === null) {
          const line = finishedLines(paths, arm.arm).get(task.id);
          if (line !== undefined) {
            const outcome = line.outcome ?? null;
            // Settled at what the rollout measurably used; without usage the worst case stands.
            const cost = rolloutCost(line, prices);
            if (cost !== null) options.spend.settle(booking, cost);
            recordFinished(files, arm, task.id, outcome, result.durationMs);
            outage.reached();
            tally.finished++;
            log(`${arm.arm} ${task.id} finished${outcome === null ? '' : ` (${outcome})`}`);
            show();
            return;
          }
          exception = {
            type: 'NoLedgerLine',
            message: 'the harness exited 0 but wrote no ledger line for the task',
          };
        }
        if (result.aborted) {
          stoppedBy ??= 'abort';
          queue.update(arm.arm, task.id, { status: 'not_run', exception });
          tally.notRun++;
          log(`${arm.arm} ${task.id} interrupted`);
          return;
        }
        // A failed attempt is settled at what its harness says it sent: $0 when no request went out.
        const failedLine = taskLines(paths, arm.arm, task.id).slice(linesBefore).at(-1);
        // A job a worker refused never started its harness: nothing was sent, its booking is refunded.
        const failedCost =
          exception.type === WORKER_REFUSED
            ? 0
            : failedLine === undefined
              ? null
              : rolloutCost(failedLine, prices);
        if (failedCost !== null) {
          options.spend.settle(booking, failedCost);
          if (failedCost === 0) log(`${arm.arm} ${task.id}: no request was sent, its booking is refunded`);
        }
        failures.set(arm.arm, (failures.get(arm.arm) ?? 0) + 1);
        // The endpoint failing is not the task failing: such a rollout is left to run again (a resume
        // runs it), and a streak of them stops the campaign instead of burning through every task.
        // A worker refusing the job (its product, block or key not the job's) is not the task failing either.
        const refused = exception.type === WORKER_REFUSED;
        if (endpointFailure(exception) || refused) {
          queue.update(arm.arm, task.id, { status: 'not_run', exception });
          tally.notRun++;
          const what = refused ? "the queue's workers" : 'the model endpoint';
          log(
            `${arm.arm} ${task.id} not run: ${refused ? 'a worker refused it' : 'the endpoint failed it'}: ${exception.message}`,
          );
          if (outage.failed(what) && stoppedBy === null) {
            stoppedBy = refused ? 'workers' : 'endpoint';
            log(
              `stopped: ${what} failed ${outage.streak} rollouts in a row; nothing more is started. Run the same command when ${refused ? 'they are fixed' : 'it is back'}: the rollouts ${refused ? 'they' : 'it'} failed run then`,
            );
          }
          show();
          return;
        }
        outage.reached();
        const last = attempt === maxAttempts;
        queue.update(arm.arm, task.id, { status: last ? 'excluded' : 'failed', exception });
        log(
          `${arm.arm} ${task.id} ${last ? 'excluded' : 'failed, retrying'}: ${exception.type}: ${exception.message}`,
        );
        show();
        if (last) tally.excluded++;
      } finally {
        // Recorded (or left for a resume): the runner may let the attempt's job go.
        await runner.done?.(request);
        inFlight.release();
      }
    }
  };

  const concurrency = Math.max(1, options.concurrency ?? 1);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await runJob(jobs[next++]!);
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  } finally {
    show();
    progress.done();
    if (options.runner === undefined) await runner.close?.();
  }
  return { arms: [...tallies.values()], bookedUsd: options.spend.spentUsd(), stoppedBy };
}
