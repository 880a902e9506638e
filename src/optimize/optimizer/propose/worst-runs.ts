import { existsSync } from 'node:fs';
import type { Task } from '../../../retrieval/index.js';
import {
  computeMetrics,
  NEEDLESS_COMPONENTS,
  type NeedlessComponent,
  needlessCalls,
  readTrajectories,
  type Trajectory,
  type TrajectoryMetrics,
} from '../../../trajectory/index.js';
import type { Candidate } from '../candidate.js';
import type { ObjectiveConfig } from '../config/config-schema.js';
import type { LoadedCampaign } from '../config/load-config.js';
import { rolloutDir } from '../evaluate/harness-evaluator.js';
import { objectiveOfMetrics } from '../evaluate/objective.js';

const WHY: Record<NeedlessComponent, string> = {
  resurfacing: 'returned only what earlier calls had already shown',
  zero_yield: 'returned nothing usable',
  failed: 'failed: its result was an error',
  repeated: 'repeated an earlier call with the same arguments and got the same result',
  fan_out_where_batch: 'one of several calls that one batched call could have made',
  tool_mismatch: 'used a tool that does not fit the argument it was given',
};

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** One run as the reflective proposer reads it: the calls with why each was needless, the gold, the answer. */
export function describeRun(
  trajectory: Trajectory,
  task: Task,
  metrics: TrajectoryMetrics,
  score: number | null,
  judgeReason: string | null,
): string {
  const needless = needlessCalls(trajectory);
  const why = new Map<number, string[]>();
  for (const component of NEEDLESS_COMPONENTS)
    for (const seq of needless[component].charged) why.set(seq, [...(why.get(seq) ?? []), WHY[component]]);
  const calls = trajectory.events.map((event, i) => {
    const charged = why.get(event.seq);
    const verdict = charged === undefined ? '' : ` — NEEDLESS: ${charged.join('; ')}`;
    const status = event.ok ? `${event.bytes} bytes` : `error: ${clip(event.error ?? '', 80)}`;
    return `  ${i + 1}. ${event.tool}(${clip(event.args_raw ?? JSON.stringify(event.args), 160)}) -> ${status}${verdict}`;
  });
  const reached =
    metrics.needle_reached === null
      ? 'no gold to reach'
      : metrics.needle_reached
        ? `gold reached at call ${metrics.tool_calls_to_first_gold}`
        : 'gold NEVER reached';
  const gold = task.gold.files === undefined ? '' : `Gold files: ${task.gold.files.join(', ')}\n`;
  return [
    `Objective ${score === null ? 'n/a' : score.toFixed(3)}; outcome ${trajectory.result.outcome}; ${reached}; needless ${needless.count} of ${trajectory.events.length} calls.`,
    `Question: ${clip(task.question, 400)}`,
    `${gold}Calls:`,
    ...(calls.length === 0 ? ['  (none)'] : calls),
    `Answer: ${trajectory.result.answer === null ? '(none)' : clip(trajectory.result.answer, 400)}`,
    ...(judgeReason === null ? [] : [`Judge: ${clip(judgeReason, 300)}`]),
  ].join('\n');
}

/**
 * What went worst with an artifact: its runs under `dirs` scored by the campaign's objective, the
 * `count` lowest (undefined scores last, ties by task id), each described by `describeRun`.
 * Empty text when there is no run to read.
 *
 * @example
 * const evidence = await worstRuns(['runs/o/rollouts/ab12/fixture-code/dev/r0'], { tasks, objective, count: 4 });
 */
export async function worstRuns(
  dirs: readonly string[],
  options: {
    tasks: ReadonlyMap<string, Task>;
    objective: ObjectiveConfig;
    count: number;
    judgeReasons?: ReadonlyMap<string, string>;
  },
): Promise<string> {
  const runs: { id: string; score: number | null; text: string }[] = [];
  for (const dir of dirs) {
    for await (const read of readTrajectories(dir)) {
      if (read.error !== undefined) continue;
      const task = options.tasks.get(read.trajectory.task_id);
      if (task === undefined) continue;
      const metrics = computeMetrics(read.trajectory, task);
      const score = objectiveOfMetrics(metrics, {
        ...options.objective,
        weights: { ...options.objective.weights, judge_score: 0 },
      });
      const reason = options.judgeReasons?.get(task.id) ?? null;
      runs.push({ id: task.id, score, text: describeRun(read.trajectory, task, metrics, score, reason) });
    }
  }
  runs.sort((a, b) => (a.score ?? 2) - (b.score ?? 2) || a.id.localeCompare(b.id));
  return runs
    .slice(0, options.count)
    .map((run, i) => `### Run ${i + 1}\n${run.text}`)
    .join('\n\n');
}

/** How many of the worst runs the reflective proposer reads. */
export const WORST_RUNS = 4;

/**
 * The reflective proposer's evidence for an incumbent: `worstRuns` over its search-slice rollouts
 * of every repeat in the campaign directory (none yet: empty).
 *
 * @example
 * await incumbentEvidence(loaded, { dir, incumbent, tasks });
 */
export function incumbentEvidence(
  loaded: LoadedCampaign,
  options: {
    dir: string;
    incumbent: Candidate;
    tasks: ReadonlyMap<string, Task>;
    judgeReasons?: ReadonlyMap<string, string>;
  },
): Promise<string> {
  const { config } = loaded;
  const dirs = Array.from({ length: config.repeats }, (_, r) =>
    rolloutDir(options.dir, options.incumbent, config.search.slice, r),
  ).filter((d) => existsSync(d));
  return worstRuns(dirs, {
    tasks: options.tasks,
    objective: config.objective,
    count: WORST_RUNS,
    ...(options.judgeReasons === undefined ? {} : { judgeReasons: options.judgeReasons }),
  });
}
