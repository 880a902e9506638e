import type { RelevanceOptions, Task } from '../../retrieval/index.js';
import { scorePath, type ToolRoles, type TrajectoryMetrics } from '../../trajectory/index.js';

/** One arm's per-task metrics as a report reads them, and the trajectories it could not read. */
export interface ArmMetrics {
  metrics: Map<string, TrajectoryMetrics>;
  /** `source: why` for each trajectory that was refused (never scored as complete). */
  problems: string[];
}

/**
 * Scores every trajectory under an arm's directory (`scorePath`: its `tasks/<id>/` directories,
 * its blob store found beside them) against the tasks' gold, with the arm's tool roles and one
 * relevance predicate when given. A trajectory of a task not given is
 * left out; one that cannot be read is named in `problems`.
 *
 * @example
 * const { metrics } = await readArmMetrics('runs/demo/arms/baseline', new Map(tasks.map((t) => [t.id, t])));
 */
export async function readArmMetrics(
  armDir: string,
  tasks: ReadonlyMap<string, Task>,
  roles?: ToolRoles,
  relevance?: RelevanceOptions,
): Promise<ArmMetrics> {
  const metrics = new Map<string, TrajectoryMetrics>();
  const problems: string[] = [];
  const options = {
    tasks,
    ...(roles === undefined ? {} : { roles }),
    ...(relevance === undefined ? {} : { relevance }),
  };
  for await (const scored of scorePath(armDir, options)) {
    if (scored.error) problems.push(`${scored.source}: ${scored.error.message}`);
    else if (tasks.has(scored.metrics.task_id)) metrics.set(scored.metrics.task_id, scored.metrics);
  }
  return { metrics, problems };
}
