import type { SystemResults } from '../../../src/report/compare/build-compare.js';
import { computeMetrics, type TrajectoryMetrics } from '../../../src/trajectory/index.js';
import { buildTrajectory } from '../../trajectory/build-trajectory.js';

const blank = computeMetrics(buildTrajectory({}), null);

/** One system of a comparison: each task's metrics a blank trajectory's with these values, answered. */
export function systemResults(name: string, tasks: [string, Partial<TrajectoryMetrics>][]): SystemResults {
  return {
    name,
    spec: name,
    results: {
      commit: name,
      subject: name,
      failed: 0,
      metrics: new Map(
        tasks.map(([id, values]) => [id, { ...blank, ...values, outcome: 'answered' } as TrajectoryMetrics]),
      ),
    },
  };
}
