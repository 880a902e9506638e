import { bootstrapCIs } from '../../stats/index.js';
import { METRIC_COLUMNS, type MetricColumn } from '../metrics/columns.js';
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

// A column's defined values in arrival order, 8 bytes each, grown by doubling.
class NumberColumn {
  #data = new Float64Array(64);
  #length = 0;

  push(value: number): void {
    if (this.#length === this.#data.length) {
      const grown = new Float64Array(this.#data.length * 2);
      grown.set(this.#data);
      this.#data = grown;
    }
    this.#data[this.#length++] = value;
  }

  values(): Float64Array {
    return this.#data.subarray(0, this.#length);
  }
}

/**
 * Collects the defined numbers of every column as trajectories stream by (never the trajectories)
 * and summarises each column with `bootstrapCI` (1000 resamples, seed 0; all columns in one
 * `bootstrapCIs` pass).
 *
 * @example
 * const aggregate = new MetricsAggregate();
 * aggregate.add(metrics); aggregate.summary(); // [{ key: 'answered', mean: 1, low: 1, high: 1, n: 1 }, ...]
 */
export class MetricsAggregate {
  readonly #columns = METRIC_COLUMNS.map(() => new NumberColumn());
  #count = 0;

  add(metrics: TrajectoryMetrics): void {
    this.#count++;
    for (let c = 0; c < METRIC_COLUMNS.length; c++) {
      const value = METRIC_COLUMNS[c]!.read(metrics);
      if (value !== null) this.#columns[c]!.push(value);
    }
  }

  get count(): number {
    return this.#count;
  }

  summary(): AggregateRow[] {
    const intervals = bootstrapCIs(this.#columns.map((column) => column.values()));
    return METRIC_COLUMNS.map((column, c) => {
      const { mean, low, high, n } = intervals[c]!;
      return { key: column.key, group: column.group, mean, low, high, n };
    });
  }
}
