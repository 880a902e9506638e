import { createRandom, shuffled } from '../../../stats/index.js';
import type { ArchitectureGrid } from '../config/config-schema.js';
import {
  type ArchitecturePoint,
  effectiveConfiguration,
  effectiveKey,
  HEAD_POINT,
} from './architecture-point.js';

export type { ArchitecturePoint } from './architecture-point.js';

/**
 * Every combination of the grid, in a fixed order (architecture slowest, turn cap fastest).
 *
 * @example
 * gridPoints({ architecture: ['react'], rewrite: [false, true], retrieval_overlay: [null], turn_cap: [8] });
 * // 1 * 2 * 1 * 1 = 2 points: rewrite false, then true
 */
export function gridPoints(
  grid: Pick<ArchitectureGrid, 'architecture' | 'rewrite' | 'retrieval_overlay' | 'turn_cap'>,
): ArchitecturePoint[] {
  const out: ArchitecturePoint[] = [];
  for (const architecture of grid.architecture)
    for (const rewrite of grid.rewrite)
      for (const retrieval_overlay of grid.retrieval_overlay)
        for (const turn_cap of grid.turn_cap)
          out.push({ architecture, rewrite, retrieval_overlay, turn_cap });
  return out;
}

/** The candidates a grid gives, and how its points came down to them. */
export interface ArchitectureSpace {
  strategy: ArchitectureGrid['strategy'];
  /** What the strategy proposes, in grid order: one point per effective configuration, sampled for `random`. */
  points: ArchitecturePoint[];
  /** Every combination of the grid. */
  gridPoints: number;
  /** Distinct effective configurations among them (the first point of each is kept). */
  distinct: number;
  /** Whether one of them is the incumbent's (not proposed: it is already evaluated). */
  incumbent: boolean;
}

/**
 * The grid's candidates: points that run the same effective configuration (`rewrite: true` with
 * either architecture, and `architecture: rewrite`) are merged into the first in grid order, the
 * incumbent's configuration (default `HEAD_POINT`) is left out, and `random` then draws a seeded
 * sample of `samples` without replacement; `grid` and `successive_halving` keep them all. Overlay
 * paths are read relative to `configFile`.
 *
 * @example
 * architectureSpace(shipped.grid, 0, { configFile }); // 24 grid points, 12 distinct, 12 points
 */
export function architectureSpace(
  grid: ArchitectureGrid,
  seed: number | string,
  options: { configFile: string; incumbent?: ArchitecturePoint },
): ArchitectureSpace {
  const all = gridPoints(grid);
  const keyOf = (point: ArchitecturePoint) => effectiveKey(effectiveConfiguration(point, options));
  const head = keyOf(options.incumbent ?? HEAD_POINT);
  const keys = new Set<string>();
  const kept: ArchitecturePoint[] = [];
  for (const point of all) {
    const key = keyOf(point);
    if (keys.has(key)) continue;
    keys.add(key);
    if (key !== head) kept.push(point);
  }
  const points =
    grid.strategy === 'random'
      ? shuffled(kept, createRandom(seed)).slice(0, grid.samples ?? kept.length)
      : kept;
  return {
    strategy: grid.strategy,
    points,
    gridPoints: all.length,
    distinct: keys.size,
    incumbent: keys.has(head),
  };
}
