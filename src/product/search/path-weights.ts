import { globTest } from '../server/glob.js';
import type { RankingConfig } from '../serving/schema.js';

/** A scored row that lives in a file. */
interface Weighable {
  path: string;
  score: number;
}

const compiled = new WeakMap<RankingConfig['path_weights'], ((path: string) => number | undefined)[]>();

/**
 * Hits with each score multiplied by the weight of the first `path_weights` rule whose glob
 * matches its path (1 when none does), best first again; ties keep their order. No rules: the
 * hits as given.
 *
 * @example
 * weighPaths(hits, [{ glob: '**\/tests/**', weight: 0.5 }]); // a test file's pieces count half
 */
export function weighPaths<T extends Weighable>(
  hits: readonly T[],
  rules: RankingConfig['path_weights'],
): T[] {
  if (rules.length === 0) return [...hits];
  let tests = compiled.get(rules);
  if (tests === undefined) {
    tests = rules.map(({ glob, weight }) => {
      const matches = globTest(glob);
      return (path: string) => (matches(path) ? weight : undefined);
    });
    compiled.set(rules, tests);
  }
  const weightOf = (path: string) => {
    for (const test of tests!) {
      const weight = test(path);
      if (weight !== undefined) return weight;
    }
    return 1;
  };
  return hits
    .map((hit, order) => ({ hit: { ...hit, score: hit.score * weightOf(hit.path) }, order }))
    .sort((a, b) => b.hit.score - a.hit.score || a.order - b.order)
    .map(({ hit }) => hit);
}
