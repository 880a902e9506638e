import { describe, expect, test } from 'vitest';
import { weighPaths } from '../../../src/product/search/path-weights.js';
import { parseServingConfig } from '../../../src/product/serving/load-serving-config.js';

const hit = (path: string, score: number) => ({ path, score });

describe('ranking.path_weights', () => {
  test("each hit's score is multiplied by its first matching rule's weight, then ranked again", () => {
    const rules = [
      { glob: '**/tests/**', weight: 0.5 },
      { glob: '*.md', weight: 0.25 },
      { glob: 'src/**', weight: 2 },
    ];
    const hits = [
      hit('pkg/tests/test_cart.py', 10),
      hit('README.md', 9),
      hit('src/cart.py', 4),
      hit('lib/x.py', 3),
    ];
    // 10 * 0.5 = 5; 9 * 0.25 = 2.25; 4 * 2 = 8; 3 * 1 = 3 (no rule)
    expect(weighPaths(hits, rules)).toEqual([
      hit('src/cart.py', 8),
      hit('pkg/tests/test_cart.py', 5),
      hit('lib/x.py', 3),
      hit('README.md', 2.25),
    ]);
    // The first rule that matches wins: a markdown file under tests/ counts half, not a quarter.
    expect(weighPaths([hit('tests/notes.md', 4)], rules)).toEqual([hit('tests/notes.md', 2)]);
    // Each path's weight is worked out once per rule set: asked again, the same paths weigh the same.
    expect(weighPaths(hits, rules)).toEqual(weighPaths([...hits].reverse(), rules));
  });

  test('ties keep their order, and no rules leave the hits as they were', () => {
    const hits = [hit('a.py', 2), hit('b.md', 4), hit('c.py', 2)];
    expect(weighPaths(hits, [{ glob: '*.md', weight: 0.5 }]).map((h) => h.path)).toEqual([
      'a.py',
      'b.md',
      'c.py',
    ]);
    expect(weighPaths(hits, [])).toEqual(hits);
  });

  test('a rule with an unknown key or a weight out of range is refused by name, with the file', () => {
    const load = (rule: Record<string, unknown>) => () =>
      parseServingConfig([{ file: 'tests-down.yaml', data: { ranking: { path_weights: [rule] } } }]);
    expect(load({ glob: '**/tests/**', weight: 0.5, wieght: 1 })).toThrow(
      'Unknown key `ranking.path_weights.0.wieght` in `tests-down.yaml`',
    );
    expect(load({ glob: '**/tests/**', weight: 11 })).toThrow(
      'Invalid value for `ranking.path_weights.0.weight` in `tests-down.yaml`',
    );
  });
});
