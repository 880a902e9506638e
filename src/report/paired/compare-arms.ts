import { basename, resolve } from 'node:path';
import { clustersOf, readTasks, type Task } from '../../retrieval/index.js';
import type { ToolRoles } from '../../trajectory/index.js';
import { buildReport } from './build-report.js';
import { readArmMetrics } from './read-arm.js';
import type { Report, ReportRow } from './report-schema.js';

export interface CompareArmsOptions {
  /**
   * The tasks with their gold: a `tasks.jsonl`, a directory of them (a campaign's `inputs/`), or
   * the tasks themselves. Only these tasks are compared, in this order.
   */
  tasks: string | readonly Task[];
  /** Tool roles for the call-efficiency rows (default: the reference server's). */
  roles?: ToolRoles;
  title?: string;
  /** The model both arms ran, as the report names it (default `unknown`). */
  model?: string;
  /** The trajectories came from the offline policy, a stand-in for a model: the report says so. */
  offline?: boolean;
  /** Prices for the estimated dollars on measured tokens (default: unknown). */
  prices?: { input_per_1m: number | null; output_per_1m: number | null };
}

/** Two arms compared: the report's rows and verdict, the whole report, and what was not read. */
export interface ArmComparison {
  rows: ReportRow[];
  verdict: Report['verdict'];
  report: Report;
  /** `source: why` for each trajectory that could not be read (left out, never scored). */
  problems: string[];
}

/**
 * Compares two arms from their trajectory directories alone, with the paired statistics of the
 * before-after report: every metric row with each arm's mean and interval, the paired delta and
 * its p. Needs no plan, ledger or queue, so it works on any two directories of trajectories
 * (a finished campaign's `arms/<arm>`, two imported runs).
 *
 * @example
 * import { compareArms } from 'agent-track';
 * const { rows } = await compareArms('runs/demo/arms/baseline', 'runs/demo/arms/candidate', { tasks: 'runs/demo/inputs' });
 * rows.find((row) => row.key === 'needless_call_rate'); // { delta: -0.667, pvalue: 0.0039, pairs: 12, ... }
 */
export async function compareArms(
  baselineDir: string,
  candidateDir: string,
  options: CompareArmsOptions,
): Promise<ArmComparison> {
  const tasks = typeof options.tasks === 'string' ? await readTasks(options.tasks) : options.tasks;
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const base = await readArmMetrics(baselineDir, byId, options.roles);
  const cand = await readArmMetrics(candidateDir, byId, options.roles);
  const name = (dir: string) => basename(resolve(dir));
  const report = buildReport(
    { commit: name(baselineDir), subject: resolve(baselineDir), metrics: base.metrics, failed: 0 },
    { commit: name(candidateDir), subject: resolve(candidateDir), metrics: cand.metrics, failed: 0 },
    {
      title: options.title ?? `${name(baselineDir)} → ${name(candidateDir)}`,
      model: options.model ?? 'unknown',
      offline: options.offline ?? false,
      prices: options.prices ?? { input_per_1m: null, output_per_1m: null },
      taskIds: tasks.map((task) => task.id).sort(),
      clusters: clustersOf(tasks),
    },
  );
  return {
    rows: report.rows,
    verdict: report.verdict,
    report,
    problems: [...base.problems, ...cand.problems],
  };
}
