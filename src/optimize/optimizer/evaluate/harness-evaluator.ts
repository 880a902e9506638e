import { join } from 'node:path';
import {
  DEFAULT_TURN_BUDGET,
  LEDGER_FILE,
  type LedgerLine,
  type OpenedModel,
  productWorkspaces,
  readLedger,
  runHarness,
  type TokenCap,
} from '../../../agent/index.js';
import { rolloutTask, type Task, taskIdOf } from '../../../retrieval/index.js';
import { computeMetrics, readTrajectories, type Trajectory } from '../../../trajectory/index.js';
import type { Candidate } from '../candidate.js';
import type { LoadedCampaign } from '../config/load-config.js';
import type { Evaluator } from '../screen/screening.js';
import { candidateSetup } from './candidate-setup.js';
import { objectiveOfMetrics } from './objective.js';

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
    try {
      for (const task of tasks) {
        if (before.get(task.id)?.status === 'done') continue;
        const key = `rollout/${candidate.hash.slice(0, 16)}/${context.slice}/r${context.repeat}/${task.id}`;
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
    const summary = await runHarness({
      onTask: (line) => {
        if (line.status === 'done') done++;
        else failedSoFar++;
        options.onProgress?.({ label, done, failed: failedSoFar, total });
      },
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
      ...(options.rolloutCap === undefined
        ? {}
        : { tokenCap: options.rolloutCap(setup.turnBudget ?? DEFAULT_TURN_BUDGET) }),
      ...(setup.architecture === undefined ? {} : { architecture: setup.architecture }),
      ...(setup.turnBudget === undefined ? {} : { turnBudget: setup.turnBudget }),
    });
    const after = readLedger(join(out, LEDGER_FILE));
    for (const [id, key] of booked) options.settleRollout?.(key, after.get(id));
    const failed = new Set(summary.failures.map((f) => f.task_id));
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
