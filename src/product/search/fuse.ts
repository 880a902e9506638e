import type { HybridConfig } from '../serving/schema.js';

/** A ranked list's entry: a piece id and the list's own score (higher is better). */
export interface Ranked {
  id: number;
  score: number;
}

/**
 * Fuses a lexical and a dense ranked list into one, best first (ties by piece id). `rrf`: each
 * piece scores the sum over the lists it is in of 1 / (rrf_k + rank), ranks from 1. `weighted`:
 * each list's scores min-max scaled to [0, 1] (a list of one score scales it to 1), then
 * `(1 - dense_weight) * lexical + dense_weight * dense`, a piece absent from a list scoring 0 there.
 *
 * @example
 * fuse([{ id: 1, score: 9 }, { id: 2, score: 3 }], [{ id: 2, score: 0.8 }], { fusion: 'rrf', rrf_k: 60 });
 * // [{ id: 2, score: 1/62 + 1/61 }, { id: 1, score: 1/61 }]
 */
export function fuse(
  lexical: readonly Ranked[],
  dense: readonly Ranked[],
  config: Pick<HybridConfig, 'fusion' | 'rrf_k' | 'dense_weight'>,
): Ranked[] {
  const total = new Map<number, number>();
  const add = (id: number, value: number): void => {
    total.set(id, (total.get(id) ?? 0) + value);
  };
  if (config.fusion === 'rrf') {
    for (const list of [lexical, dense])
      for (const [i, hit] of list.entries()) add(hit.id, 1 / (config.rrf_k + i + 1));
  } else {
    const scaled = (list: readonly Ranked[], weight: number) => {
      if (list.length === 0) return;
      const scores = list.map((hit) => hit.score);
      const low = Math.min(...scores);
      const span = Math.max(...scores) - low;
      for (const hit of list) add(hit.id, weight * (span === 0 ? 1 : (hit.score - low) / span));
    };
    scaled(lexical, 1 - config.dense_weight);
    scaled(dense, config.dense_weight);
  }
  return [...total.entries()]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || a.id - b.id);
}
