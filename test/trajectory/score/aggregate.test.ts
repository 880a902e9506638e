import { describe, expect, test } from 'vitest';
import { bootstrapCI } from '../../../src/stats/bootstrap.js';
import { METRIC_COLUMNS, metricsRow } from '../../../src/trajectory/metrics/columns.js';
import { computeMetrics, type TrajectoryMetrics } from '../../../src/trajectory/metrics/compute.js';
import { MetricsAggregate } from '../../../src/trajectory/score/aggregate.js';
import { buildTrajectory } from '../build-trajectory.js';

// Trajectories that leave different columns undefined (no call, no budget, no usage, a failure).
function sampleMetrics(): TrajectoryMetrics[] {
  const out: TrajectoryMetrics[] = [];
  for (let k = 0; k < 150; k++) {
    const calls = Array.from({ length: k % 5 }, (_, i) => ({
      tool: i % 2 === 0 ? 'search_codebase' : 'get_symbol',
      turn: 1 + (i % 3),
      args: { query: `q${k % 7}` },
      ids: i % 4 === 3 ? [] : [`src/f${(k + i) % 6}.py`],
      ok: i !== 2,
    }));
    const trajectory = buildTrajectory({
      task_id: `t${k}`,
      calls,
      messages:
        k % 3 === 0
          ? []
          : [1, 2, 3].map((turn) => ({ id: `m${turn}`, turn, usage: { prompt: 100 * k, completion: turn } })),
      result: {
        outcome: k % 4 === 0 ? 'timeout' : 'answered',
        turns: 3 + (k % 2),
        turn_budget: k % 5 === 0 ? null : 5,
      },
    });
    out.push(computeMetrics(trajectory));
  }
  return out;
}

describe('MetricsAggregate', () => {
  test('summary is bootstrapCI of every column of the rows, nulls dropped', () => {
    const metrics = sampleMetrics();
    const aggregate = new MetricsAggregate();
    for (const m of metrics) aggregate.add(m);
    expect(aggregate.count).toBe(metrics.length);
    const rows = metrics.map(metricsRow);
    const expected = METRIC_COLUMNS.map((column) => ({
      key: column.key,
      group: column.group,
      ...bootstrapCI(rows.map((row) => row[column.key])),
    }));
    expect(aggregate.summary()).toStrictEqual(expected);
    expect(expected.some((row) => row.n > 0 && row.n < metrics.length)).toBe(true);
  });

  test('nothing added: every column undefined', () => {
    const summary = new MetricsAggregate().summary();
    expect(summary).toHaveLength(METRIC_COLUMNS.length);
    for (const row of summary) expect(row).toMatchObject({ mean: null, low: null, high: null, n: 0 });
  });
});
