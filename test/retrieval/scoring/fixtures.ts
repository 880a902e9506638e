import type { RankedItem, ScoredTask } from '../../../src/retrieval/scoring/types.js';

/** Frozen tasks the metric tables share. Gold files are single letters; `x`, `y`, `z` are misses. */
export const gold1: ScoredTask = Object.freeze({ id: 'g1', gold: { files: ['a'] } });
export const gold2: ScoredTask = Object.freeze({ id: 'g2', gold: { files: ['a', 'b'] } });
export const gold3: ScoredTask = Object.freeze({ id: 'g3', gold: { files: ['a', 'b', 'c'] } });
export const noGold: ScoredTask = Object.freeze({ id: 'none', gold: { answer: 'no retrieval gold' } });

/** A list of file items from their paths. */
export const list = (...paths: string[]): RankedItem[] => paths.map((path) => Object.freeze({ path }));
