import { join } from 'node:path';
import { LEDGER_FILE, readLedger } from '../../../agent/index.js';
import { rolloutTask, type Task } from '../../../retrieval/index.js';
import { computeMetrics, metricsRow, readTrajectories } from '../../../trajectory/index.js';
import type { Candidate } from '../candidate.js';
import { rolloutDir } from '../evaluate/harness-evaluator.js';
import { meanOverRepeats } from '../evaluate/objective.js';

/**
 * A candidate's per-task values of the guard metrics on a slice, read back from the rollouts its
 * evaluation wrote (`rolloutDir`), so a guard costs no rollout of its own: metric -> task -> the
 * mean over the repeats that finished (`null` when undefined for the task). A rollout the ledger
 * does not mark done is left out.
 *
 * @example
 * const values = await guardValues({ dir, candidate, slice: 'small_test', repeats: 1, tasks, metrics: ['tool_calls_total'] });
 * values.get('tool_calls_total')?.get('t1'); // 3
 */
export async function guardValues(options: {
  dir: string;
  candidate: Candidate;
  slice: string;
  repeats: number;
  tasks: ReadonlyMap<string, Task>;
  metrics: readonly string[];
}): Promise<Map<string, Map<string, number | null>>> {
  const perTask = new Map<string, Map<string, (number | null)[]>>(options.metrics.map((m) => [m, new Map()]));
  for (let repeat = 0; repeat < options.repeats; repeat++) {
    const out = rolloutDir(options.dir, options.candidate, options.slice, repeat);
    const ledger = readLedger(join(out, LEDGER_FILE));
    // Repeat r ran each task as its rollout r + 1 (`rolloutTask`): its id names the task and repeat.
    const byRollout = new Map([...options.tasks.values()].map((t) => [rolloutTask(t, repeat + 1).id, t]));
    for await (const read of readTrajectories(out)) {
      if (read.error !== undefined) continue;
      const rollout = read.trajectory.task_id;
      if (ledger.get(rollout)?.status !== 'done') continue;
      const task = byRollout.get(rollout);
      if (task === undefined) continue;
      const row = metricsRow(computeMetrics(read.trajectory, task));
      for (const metric of options.metrics) {
        const values = perTask.get(metric)!;
        values.set(task.id, [...(values.get(task.id) ?? []), row[metric] ?? null]);
      }
    }
  }
  return new Map(
    [...perTask].map(([metric, tasks]) => [
      metric,
      new Map([...tasks].map(([task, values]) => [task, meanOverRepeats(values)])),
    ]),
  );
}
