import { searchRung } from '../../agent/index.js';
import { DEFAULT_SERVING_CONFIG } from '../../product/index.js';
import { readArmMetrics, type SystemResults } from '../../report/index.js';
import type { Task } from '../../retrieval/index.js';
import { loadToolRoles, type MetricColumn } from '../../trajectory/index.js';
import { campaignPaths } from '../campaign/campaign-dir.js';
import { openQueue } from '../campaign/queue.js';
import type { CompareConfig } from './compare-config.js';
import type { ComparedSystem } from './compare-systems.js';

// The one relevance predicate every system is scored with.
const relevanceOf = (config: CompareConfig) => ({
  ...(config.relevance?.kind === undefined ? {} : { kind: config.relevance.kind }),
  ...(config.relevance?.case_insensitive_paths === undefined
    ? {}
    : { caseInsensitivePaths: config.relevance.case_insensitive_paths }),
});

/**
 * Each system's results over `tasks`: its rollouts scored with its own tool roles and the one
 * relevance predicate, and its free rung (its search tool asked each question once, no model).
 */
export async function scoreSystems(
  dir: string,
  systems: readonly ComparedSystem[],
  tasks: readonly Task[],
  config: CompareConfig,
  places: { cacheDir: string; reposDir: string },
) {
  const paths = campaignPaths(dir);
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const excluded = openQueue(paths.queue)
    .states()
    .filter((line) => line.status === 'excluded');
  const relevance = relevanceOf(config);
  const results: SystemResults[] = [];
  const problems: string[] = [];
  for (const system of systems) {
    const name = system.arm.arm;
    const scored = await readArmMetrics(
      paths.arm(name),
      byId,
      loadToolRoles(paths.armRoles(name)),
      relevance,
    );
    problems.push(...scored.problems);
    // The free rung: the system's own search tool, each question once, no model.
    const rung = await searchRung(system.open(DEFAULT_SERVING_CONFIG), tasks, {
      config: DEFAULT_SERVING_CONFIG,
      ...places,
      relevance,
    });
    results.push({
      rung,
      name,
      spec: system.spec,
      results: {
        commit: system.arm.commit,
        subject: system.spec,
        metrics: scored.metrics,
        failed: excluded.filter((line) => line.arm === name).length,
      },
    });
  }
  return { results, problems };
}

/**
 * A system's primary row per task over some tasks, as its report will score it (its own roles,
 * the one relevance predicate): what a comparison's looks decide on.
 */
export function primaryValues(dir: string, config: CompareConfig, primary: MetricColumn) {
  const paths = campaignPaths(dir);
  return async (name: string, some: readonly Task[]): Promise<ReadonlyMap<string, number | null>> => {
    const scored = await readArmMetrics(
      paths.arm(name),
      new Map(some.map((task) => [task.id, task])),
      loadToolRoles(paths.armRoles(name)),
      relevanceOf(config),
    );
    return new Map([...scored.metrics].map(([id, metrics]) => [id, primary.read(metrics)]));
  };
}
