import { join } from 'node:path';
import { createWorkspaceResolver, type OpenedModel, runHarness } from '../../agent/index.js';
import type { Task } from '../../retrieval/index.js';
import { scorePath } from '../../trajectory/index.js';
import type { LoadedCampaign } from '../search/load-campaign.js';
import { objectiveOfMetrics } from '../search/objective.js';
import type { Evaluator } from '../search/screening.js';
import { candidateSetup } from './candidate-setup.js';

export interface HarnessEvaluatorOptions {
  loaded: LoadedCampaign;
  /** Every task the campaign may ask for, search and held-out slices both, by id. */
  tasks: ReadonlyMap<string, Task>;
  model: OpenedModel;
  /** The campaign directory: rollouts go to `rollouts/<hash>/<slice>/r<repeat>/`. */
  dir: string;
  cacheDir: string;
  reposDir: string;
  concurrency?: number;
  /** Called before each rollout batch with the number of rollouts: where the spend is booked. */
  onRollouts?: (candidateId: string, count: number) => void;
}

/**
 * An `Evaluator` that runs the real harness in-process with the candidate in place (tool docs
 * through the embedded server's `--tool-docs`, prompt texts through the system prompt, a serving
 * config overlay through a merged config file, architecture and turn cap through the loop's
 * options), scores each trajectory with the trajectory metrics and the campaign's objective. The
 * judged rubric term is not computed here (`judgeScore` is `null`; shipped configs weight it 0).
 * A task whose rollout failed is left out of the result, so the cache never stores it.
 *
 * @example
 * const evaluate = harnessEvaluator({ loaded, tasks, model, dir, cacheDir, reposDir });
 * await evaluate(incumbent, ['t1', 't2'], { slice: 'dev', repeat: 0 });
 */
export function harnessEvaluator(options: HarnessEvaluatorOptions): Evaluator {
  return async (candidate, taskIds, context) => {
    const base = join(options.dir, 'rollouts', candidate.hash.slice(0, 16));
    const setup = candidateSetup(options.loaded, candidate, join(base, 'artifact'));
    const out = join(base, context.slice, `r${context.repeat}`);
    const tasks = taskIds.map((id) => options.tasks.get(id)).filter((t): t is Task => t !== undefined);
    options.onRollouts?.(candidate.id, tasks.length);
    const summary = await runHarness({
      tasks,
      out,
      model: options.model,
      product: setup.product,
      workspaces: createWorkspaceResolver({
        config: setup.config,
        cacheDir: options.cacheDir,
        reposDir: options.reposDir,
      }),
      concurrency: options.concurrency ?? 2,
      reuseServers: true,
      retryFailed: true,
      attempts: 1,
      ...(setup.architecture === undefined ? {} : { architecture: setup.architecture }),
      ...(setup.turnBudget === undefined ? {} : { turnBudget: setup.turnBudget }),
    });
    const failed = new Set(summary.failures.map((f) => f.task_id));
    const wanted = new Map(tasks.filter((t) => !failed.has(t.id)).map((t) => [t.id, t]));
    const scores = new Map<string, number | null>();
    for await (const scored of scorePath(out, { tasks: wanted })) {
      const metrics = scored.metrics;
      if (metrics === undefined || !wanted.has(metrics.task_id)) continue;
      scores.set(metrics.task_id, objectiveOfMetrics(metrics, options.loaded.config.objective));
    }
    return scores;
  };
}
