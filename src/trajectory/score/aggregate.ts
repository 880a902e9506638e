import { bootstrapCI } from '../../stats/bootstrap.js';
import { METRIC_COLUMNS, type MetricColumn, metricsRow } from '../metrics/columns.js';
import type { TrajectoryMetrics } from '../metrics/compute.js';

/** One column over many trajectories: mean with its 95% bootstrap interval over the defined values. */
export interface AggregateRow {
  key: string;
  group: MetricColumn['group'];
  mean: number | null;
  low: number | null;
  high: number | null;
  /** Trajectories that defined it (nulls dropped, never counted as 0). */
  n: number;
}

/**
 * Collects rows as trajectories stream by (numbers only, never the trajectories) and summarises
 * each column with `bootstrapCI` (1000 resamples, seed 0).
 *
 * @example
 * const aggregate = new MetricsAggregate();
 * aggregate.add(metrics); aggregate.summary(); // [{ key: 'answered', mean: 1, low: 1, high: 1, n: 1 }, ...]
 */
export class MetricsAggregate {
  readonly #values = new Map<string, (number | null)[]>(METRIC_COLUMNS.map((c) => [c.key, []]));
  #count = 0;

  add(metrics: TrajectoryMetrics): void {
    this.#count++;
    for (const [key, value] of Object.entries(metricsRow(metrics))) this.#values.get(key)!.push(value);
  }

  get count(): number {
    return this.#count;
  }

  summary(): AggregateRow[] {
    return METRIC_COLUMNS.map((column) => {
      const { mean, low, high, n } = bootstrapCI(this.#values.get(column.key)!);
      return { key: column.key, group: column.group, mean, low, high, n };
    });
  }
}
