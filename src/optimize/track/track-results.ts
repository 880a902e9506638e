import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { flatMetrics } from '../../report/index.js';
import type { Task } from '../../retrieval/index.js';
import { clustersOf, rolloutTasks, taskIdOf } from '../../retrieval/index.js';
import {
  computeMetrics,
  readTrajectory,
  type ToolRoles,
  type TrajectoryMetrics,
} from '../../trajectory/index.js';
import { renderTrackMarkdown } from './track-markdown.js';
import { buildTrackReport } from './track-report.js';
import type { TrackReport } from './track-report-schema.js';
import { TRACK_ARMS, type TrackArm, type TrackLedgerLine } from './track-schema.js';

/**
 * The track as a DVC-style metrics file: the efficiency report's flat keys (`flatMetrics`: bare is
 * `baseline`, with-server `candidate`), the judge's quality row (`quality.*`) and the parity counts.
 */
export function flatTrackMetrics(report: TrackReport): Record<string, number | null> {
  const quality = report.quality;
  return {
    ...flatMetrics(report.report),
    'quality.baseline': quality.baseline.mean,
    'quality.candidate': quality.candidate.mean,
    'quality.delta': quality.delta,
    'quality.p': quality.test === 'none' ? null : quality.pvalue,
    'quality.pairs': quality.pairs,
    'parity.tasks': report.parity.tasks,
    'parity.judged': report.parity.judged,
  };
}

/**
 * Scores every done rollout's trajectory (one set of roles for both arms), builds the track report
 * and writes `report.json` in the track directory and `report.md` at `reportFile`.
 *
 * @example
 * const { report } = await writeTrackReport({ out, reportFile, title, agent, judge, tolerance: 1, tasks, lines, roles, product });
 */
export async function writeTrackReport(input: {
  out: string;
  reportFile: string;
  title: string;
  agent: string;
  judge: { model: string; offline: boolean };
  tolerance: number;
  tasks: readonly Task[];
  /** Rollout pairs per task (default 1). */
  repeats?: number;
  lines: readonly TrackLedgerLine[];
  roles: ToolRoles;
  product: string;
}): Promise<{ report: TrackReport; reportFile: string }> {
  const rollouts = rolloutTasks(input.tasks, input.repeats ?? 1);
  const byId = new Map(rollouts.map((t) => [t.id, t]));
  const metrics = { bare: new Map(), 'with-server': new Map() } as Record<
    TrackArm,
    Map<string, TrajectoryMetrics>
  >;
  for (const line of input.lines) {
    if (line.kind !== 'rollout' || line.status !== 'done' || line.trajectory === null) continue;
    const task = byId.get(line.task_id);
    if (task === undefined || !TRACK_ARMS.includes(line.arm)) continue;
    const trajectory = await readTrajectory(join(input.out, line.trajectory));
    metrics[line.arm].set(line.task_id, computeMetrics(trajectory, task, { roles: input.roles }));
  }
  const report = buildTrackReport({
    title: input.title,
    agent: input.agent,
    judge: input.judge,
    tolerance: input.tolerance,
    taskIds: input.tasks.map((t) => t.id),
    ...((input.repeats ?? 1) > 1
      ? { repeats: { count: input.repeats!, taskOf: new Map(rollouts.map((r) => [r.id, taskIdOf(r)])) } }
      : {}),
    lines: input.lines,
    metrics,
    product: input.product,
    clusters: clustersOf(input.tasks),
  });
  writeFileSync(join(input.out, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(input.out, 'metrics.json'), `${JSON.stringify(flatTrackMetrics(report), null, 2)}\n`);
  mkdirSync(dirname(input.reportFile), { recursive: true });
  writeFileSync(input.reportFile, renderTrackMarkdown(report));
  return { report, reportFile: input.reportFile };
}
