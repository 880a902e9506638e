import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Report } from '../../report/index.js';
import { buildReport, flatMetrics, renderReportMarkdown, writeViewer } from '../../report/index.js';
import { clustersOf, readTasks, rolloutTasks, type Task, taskIdOf } from '../../retrieval/index.js';
import { campaignPaths } from '../campaign/campaign-dir.js';
import { readArmResults } from './arm-results.js';
import { readPlan } from './plan.js';
import type { Plan } from './plan-schema.js';
import { looksSummary } from './run-looks.js';

// The stand-in's sampling, read back from the offline block's canonical JSON in the plan.
function standInOf(plan: Plan): { standIn?: { temperature: number; seed: number } } {
  if (plan.model !== 'offline') return {};
  const params = (
    JSON.parse(plan.llm_block.canonical) as { params?: { temperature?: number; seed?: number } }
  ).params;
  const temperature = params?.temperature ?? 0;
  return temperature > 0 ? { standIn: { temperature, seed: params?.seed ?? 0 } } : {};
}

/**
 * Derives the whole before-after report from the files of a run directory (`plan.json`, the
 * arms' trajectories, `queue.jsonl`): `report.json`, `report.md` and the plots beside them. Used
 * after a run and by `--report-only RUN`.
 *
 * @example
 * const { report } = await writeBeforeAfterReport('runs/demo');
 */
export async function writeBeforeAfterReport(
  dir: string,
  options: { tasks?: readonly Task[]; title?: string } = {},
): Promise<{ report: Report; problems: string[]; files: string[]; warnings: string[] }> {
  const plan = readPlan(campaignPaths(dir).plan);
  const k = plan.tasks.repeats;
  // The rollouts a campaign ran, read back from its `inputs/` (one task line per file), or every
  // (task, repeat) of the tasks given; a rollout of repeat k >= 2 names its task's repeat.
  const rollouts = options.tasks
    ? rolloutTasks(options.tasks, k)
    : await readTasks(campaignPaths(dir).inputs);
  const taskOf = new Map(rollouts.map((r) => [r.id, taskIdOf(r)]));
  const tasks = rollouts.filter((r) => r.repeat === undefined);
  const byArm = new Map(plan.arms.map((arm) => [arm.arm, arm.commit]));
  const base = await readArmResults(dir, 'baseline', byArm.get('baseline')!, rollouts);
  const cand = await readArmResults(dir, 'candidate', byArm.get('candidate')!, rollouts);
  const short = (sha: string) => sha.slice(0, 10);
  const looks = plan.looks === null ? null : looksSummary(dir);
  const report = buildReport(base.results, cand.results, {
    title:
      options.title ??
      `before-after: ${short(byArm.get('baseline')!.sha)} → ${short(byArm.get('candidate')!.sha)} on ${plan.tasks.split ?? 'tasks'}`,
    model: plan.model,
    offline: plan.model === 'offline',
    ...standInOf(plan),
    prices: { input_per_1m: plan.prices.input_per_1m, output_per_1m: plan.prices.output_per_1m },
    taskIds: tasks.map((task) => task.id).sort(),
    ...(k > 1 ? { repeats: { count: k, taskOf } } : {}),
    aa: byArm.get('baseline')!.sha === byArm.get('candidate')!.sha,
    clusters: clustersOf(tasks),
    margins: plan.margins,
    rule: plan.decision_rule,
    ...(looks === null ? {} : { looks }),
  });
  const json = join(dir, 'report.json');
  const md = join(dir, 'report.md');
  writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(md, renderReportMarkdown(report));
  // Flat keys beside the report, for `dvc metrics diff` and other tools that diff runs.
  const metricsFile = join(dir, 'metrics.json');
  writeFileSync(metricsFile, `${JSON.stringify(flatMetrics(report), null, 2)}\n`);
  // Drawing loads vega: only here, and only when a task finished on both arms (no empty plot).
  const paired = report.rows.some((row) => row.pairs > 0);
  const { plotRun } = await import('../../report/plots/index.js');
  const plots = paired
    ? await plotRun([json], join(dir, 'plots'))
    : { figures: [], warnings: ['none drawn: no task finished on both arms'] };
  const viewer = await writeViewer(dir);
  return {
    report,
    problems: [...base.problems, ...cand.problems],
    files: [
      md,
      json,
      metricsFile,
      viewer.file,
      ...plots.figures.flatMap((f) => [f.svg, ...(f.png ? [f.png] : [])]),
    ],
    warnings: plots.warnings,
  };
}
