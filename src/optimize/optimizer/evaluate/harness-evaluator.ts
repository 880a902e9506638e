import { join } from 'node:path';
import {
  DEFAULT_TURN_BUDGET,
  LEDGER_FILE,
  type LedgerLine,
  type OpenedModel,
  productWorkspaces,
  type RunnerState,
  readLedger,
  runHarness,
  type TokenCap,
} from '../../../agent/index.js';
import { rolloutTask, type Task, taskIdOf } from '../../../retrieval/index.js';
import { computeMetrics, readTrajectories, type Trajectory } from '../../../trajectory/index.js';
import type { RolloutRunner, RunnableArm } from '../../campaign/rollout-runner.js';
import type { Candidate } from '../candidate.js';
import type { LoadedCampaign } from '../config/load-config.js';
import type { Evaluator } from '../screen/screening.js';
import { candidateSetup } from './candidate-setup.js';
import { objectiveOfMetrics } from './objective.js';
import { queuedBatch } from './queued-batch.js';

/** Where a candidate's rollouts of one slice and repeat are written. */
export function rolloutDir(dir: string, candidate: Candidate, slice: string, repeat: number): string {
  return join(dir, 'rollouts', candidate.hash.slice(0, 16), slice, `r${repeat}`);
}

/** What one judged rollout is asked: the loop books the call, writes the sample ledger, scores. */
export interface JudgeRequest {
  candidate: Candidate;
  slice: string;
  repeat: number;
  task: Task;
  trajectory: Trajectory;
  /** The trajectory's directory (the sample ledger keeps it as the transcript path). */
  dir: string;
}

export interface HarnessEvaluatorOptions {
  loaded: LoadedCampaign;
  /** Every task the campaign may ask for, search and held-out slices both, by id. */
  tasks: ReadonlyMap<string, Task>;
  model: OpenedModel;
  /** The campaign directory: rollouts go to `rollouts/<hash16>/<slice>/r<repeat>/`. */
  dir: string;
  cacheDir: string;
  reposDir: string;
  concurrency?: number;
  /** Called before each rollout with its key and turn budget: where it is booked at its worst case (may throw). */
  reserveRollout?: (key: string, turns: number) => string;
  /** The tokens a rollout of `turns` is booked at: the agent loop holds each rollout under them. */
  rolloutCap?: (turns: number) => TokenCap;
  /** Called after a booked rollout with its harness ledger line: where it is settled. */
  settleRollout?: (bookedKey: string, line: LedgerLine | undefined) => void;
  /** Called for a booked rollout that never started (a later booking of its batch was refused). */
  releaseRollout?: (bookedKey: string) => void;
  /** Called as each rollout of a batch finishes: what is being evaluated, done and failed of total. */
  onProgress?: (state: { label: string; done: number; failed: number; total: number }) => void;
  /**
   * The judged term of a rollout in [0, 1] (`null`: nothing to judge against); `failed: true` when
   * the judge could not say (the task is then left out, not cached, and judged again later).
   */
  judge?: (request: JudgeRequest) => Promise<{ score: number | null; failed: boolean }>;
  /**
   * The rollouts as jobs on a queue instead of this process's harness: the runner and the product
   * they run against. A resumed campaign first looks at the booking an earlier run left open
   * (`openRollouts`): a job still on the queue under it, or never sent, is not booked again.
   */
  queue?: { runner: RolloutRunner; arm: RunnableArm; log: (line: string) => void };
  /**
   * Servers kept across this evaluator's batches (`openRunnerState`), so a candidate evaluated
   * again (another slice, a repeat, the held-out confirmation) reuses its servers and probes;
   * the caller closes it. Absent: each batch starts and stops its own.
   */
  runner?: RunnerState;
  /**
   * The bookings under a rollout key never settled, oldest first (the spend ledger's): a resumed
   * campaign settles the one a finished rollout left open and reattaches to a queued one.
   */
  openRollouts?: (key: string) => string[];
}

/**
 * An `Evaluator` that runs the real harness in-process with the candidate in place (tool docs
 * through the embedded server's `--tool-docs`, prompt texts through the system prompt, a serving
 * config overlay through a merged config file, architecture and turn cap through the loop's
 * options), scores each trajectory with the trajectory metrics, the judge when there is one, and
 * the campaign's objective. Each rollout the harness ledger does not already hold (a resumed
 * campaign's finished ones) is reserved before the batch and settled after it. A task whose
 * rollout failed is left out of the result, so the cache never stores it.
 *
 * @example
 * const evaluate = harnessEvaluator({ loaded, tasks, model, dir, cacheDir, reposDir });
 * await evaluate(incumbent, ['t1', 't2'], { slice: 'dev', repeat: 0 });
 */
export function harnessEvaluator(options: HarnessEvaluatorOptions): Evaluator {
  return async (candidate, taskIds, context) => {
    const setup = candidateSetup(
      options.loaded,
      candidate,
      join(options.dir, 'rollouts', candidate.hash.slice(0, 16), 'artifact'),
      options.model.endpoint?.openaiBaseUrl ?? null,
    );
    const out = rolloutDir(options.dir, candidate, context.slice, context.repeat);
    // Repeat r (0-based) runs each task as its rollout r + 1 (`rolloutTask`), so its requests draw
    // with the seed moved by r; scores are keyed by the task's own id.
    const tasks = taskIds
      .map((id) => options.tasks.get(id))
      .filter((t): t is Task => t !== undefined)
      .map((t) => rolloutTask(t, context.repeat + 1));
    const before = readLedger(join(out, LEDGER_FILE));
    const booked = new Map<string, string>();
    const queue = options.queue;
    try {
      for (const task of tasks) {
        const key = `rollout/${candidate.hash.slice(0, 16)}/${context.slice}/r${context.repeat}/${task.id}`;
        const finished = before.get(task.id);
        if (finished?.status === 'done') {
          // Its harness finished it before a kill let the run settle it: the latest booking under
          // its key is settled at what the line says it used, as the run would have.
          const open = options.openRollouts?.(key).at(-1);
          if (open !== undefined) options.settleRollout?.(open, finished);
          continue;
        }
        const open = queue?.runner.reattach ? options.openRollouts?.(key).at(-1) : undefined;
        const left = open === undefined ? null : await queue!.runner.reattach!(open);
        if (open !== undefined && left !== null) {
          queue!.log(
            left === 'queued'
              ? `${open}: its job an earlier run left on the queue is waited for, not booked again`
              : `${open}: booked by an earlier run that never sent its job: sent now on that booking`,
          );
          booked.set(task.id, open);
          continue;
        }
        booked.set(task.id, options.reserveRollout?.(key, setup.turnBudget ?? DEFAULT_TURN_BUDGET) ?? key);
      }
    } catch (error) {
      // The batch does not start: what it had booked is released, not left at its worst case.
      for (const key of booked.values()) options.releaseRollout?.(key);
      throw error;
    }
    const label = `${candidate.id} on ${context.slice}`;
    let done = 0;
    let failedSoFar = 0;
    const total = booked.size;
    options.onProgress?.({ label, done, failed: failedSoFar, total });
    const onTask = (line: { status: string } | undefined) => {
      if (line?.status === 'done') done++;
      else failedSoFar++;
      options.onProgress?.({ label, done, failed: failedSoFar, total });
    };
    const tokenCap = options.rolloutCap?.(setup.turnBudget ?? DEFAULT_TURN_BUDGET);
    if (queue !== undefined) {
      await queuedBatch({
        runner: queue.runner,
        arm: { ...queue.arm, arm: candidate.hash.slice(0, 16) },
        settings: {
          turnBudget: setup.turnBudget ?? DEFAULT_TURN_BUDGET,
          configFile: setup.files.config,
          workspace: null,
          toolDocs: setup.files.toolDocs,
          systemPrompt: setup.files.systemPrompt,
          architecture: setup.architecture ?? null,
        },
        tasks,
        booked,
        out,
        concurrency: options.concurrency ?? 2,
        ...(tokenCap === undefined ? {} : { tokenCap }),
        // Settled as each result is in; a job no worker ran is released, nothing was spent on it.
        onResult: (_id, key, line, refused) => {
          if (refused) options.releaseRollout?.(key);
          else options.settleRollout?.(key, line);
          onTask(line);
        },
        log: queue.log,
      });
    } else {
      await runHarness({
        ...(options.runner === undefined ? {} : { runner: options.runner }),
        onTask,
        tasks,
        out,
        model: options.model,
        product: setup.product,
        workspaces: productWorkspaces(setup.product, {
          config: setup.config,
          cacheDir: options.cacheDir,
          reposDir: options.reposDir,
        }),
        concurrency: options.concurrency ?? 2,
        retryFailed: true,
        attempts: 1,
        ...(tokenCap === undefined ? {} : { tokenCap }),
        ...(setup.architecture === undefined ? {} : { architecture: setup.architecture }),
        ...(setup.turnBudget === undefined ? {} : { turnBudget: setup.turnBudget }),
      });
    }
    const after = readLedger(join(out, LEDGER_FILE));
    if (queue === undefined) for (const [id, key] of booked) options.settleRollout?.(key, after.get(id));
    const failed = new Set(tasks.filter((t) => after.get(t.id)?.status !== 'done').map((t) => t.id));
    const wanted = new Map(tasks.filter((t) => !failed.has(t.id)).map((t) => [t.id, t]));
    const scores = new Map<string, number | null>();
    const taskOf = new Map(tasks.map((t) => [t.id, options.tasks.get(taskIdOf(t))!]));
    for await (const read of readTrajectories(out)) {
      if (read.error !== undefined) continue;
      const task = wanted.get(read.trajectory.task_id);
      if (task === undefined) continue;
      const judged =
        options.judge === undefined
          ? { score: null, failed: false }
          : await options.judge({ ...context, candidate, task, trajectory: read.trajectory, dir: read.dir });
      if (judged.failed) continue;
      const metrics = computeMetrics(read.trajectory, task);
      scores.set(
        taskOf.get(task.id)!.id,
        objectiveOfMetrics(metrics, options.loaded.config.objective, judged.score),
      );
    }
    return scores;
  };
}
