import type { Trajectory } from '../trajectory.js';

/**
 * A one-slot memo keyed by trajectory: what was derived from the last trajectory asked about. Every
 * metric of a `computeMetrics` pass asks about one trajectory in a row, so they share the work, and
 * a scoring loop holds one trajectory here at most. (A WeakMap keyed by trajectories that live for
 * a millisecond made every young-generation collection promote its entries: twice the GC time.)
 *
 * @example
 * const sorted = new LastTrajectoryMemo<ToolEvent[]>();
 * sorted.get(trajectory, () => [...trajectory.events].sort(bySeq)); // computed once per trajectory
 */
export class LastTrajectoryMemo<V> {
  #trajectory: Trajectory | undefined;
  #value: V | undefined;

  get(trajectory: Trajectory, compute: () => V): V {
    if (this.#trajectory !== trajectory) {
      const value = compute();
      this.#trajectory = trajectory;
      this.#value = value;
      return value;
    }
    return this.#value as V;
  }
}
