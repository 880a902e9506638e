import { createRandom, shuffled } from '../../../stats/index.js';
import { canonicalJson } from '../candidate.js';
import type { ArchitectureGrid } from '../config/config-schema.js';
import { enumerationProposer, type Proposer } from './proposer.js';

/** One point of the `ask_architecture` space. */
export interface ArchitecturePoint {
  architecture: 'react' | 'rewrite';
  rewrite: boolean;
  /** Overlay path as the config wrote it, or `null` for none. */
  retrieval_overlay: string | null;
  turn_cap: number;
}

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

/**
 * The points a strategy enumerates: `grid` and `successive_halving` all of them, `random` a
 * seeded sample of `samples` without replacement.
 *
 * @example
 * architecturePoints({ ...grid, strategy: 'random', samples: 3 }, 0).length; // 3
 */
export function architecturePoints(grid: ArchitectureGrid, seed: number | string): ArchitecturePoint[] {
  const all = gridPoints(grid);
  if (grid.strategy !== 'random') return all;
  return shuffled(all, createRandom(seed)).slice(0, grid.samples ?? all.length);
}

/**
 * The `ask_architecture` proposer: `grid` and `random` propose `count` points per round;
 * `successive_halving` proposes every point in the first round and leaves the halving to screening.
 *
 * @example
 * const proposer = architectureProposer(config.grid, config.seed);
 */
export function architectureProposer(grid: ArchitectureGrid, seed: number | string): Proposer {
  const texts = architecturePoints(grid, seed).map(canonicalJson);
  return enumerationProposer(grid.strategy, texts, { all: grid.strategy === 'successive_halving' });
}
