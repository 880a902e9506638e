import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ancestorsOf, canonicalJson, makeCandidate } from '../../../src/optimize/optimizer/candidate.js';
import { gridPoints } from '../../../src/optimize/optimizer/propose/architecture-grid.js';
import { overlayVariations } from '../../../src/optimize/optimizer/propose/overlay-variations.js';
import { enumerationProposer, scriptedProposer } from '../../../src/optimize/optimizer/propose/proposer.js';

const incumbent = makeCandidate({ id: 'incumbent', parent: null, text: 'v1', operator: 'head' });
const context = (round: number, count = 4, seen: string[] = [incumbent.hash]) => ({
  round,
  incumbent,
  seen: new Set(seen),
  count,
});
const grid = {
  architecture: ['react', 'rewrite'] as ('react' | 'rewrite')[],
  rewrite: [false, true],
  retrieval_overlay: [null, 'a.yaml', 'b.yaml'],
  turn_cap: [8, 16],
  strategy: 'grid' as const,
};

describe('scriptedProposer', () => {
  test('returns the round’s texts as children of the incumbent, skipping ones already seen', async () => {
    const proposer = scriptedProposer([['v2', 'v1', 'v2', 'v3'], ['v4']]);
    const round1 = await proposer.propose(context(1));
    // 'v1' is the incumbent's text and the second 'v2' a repeat: both skipped
    expect(round1.map((c) => [c.id, c.text, c.parent, c.operator])).toEqual([
      ['c1.0', 'v2', 'incumbent', 'scripted'],
      ['c1.1', 'v3', 'incumbent', 'scripted'],
    ]);
    expect((await proposer.propose(context(2))).map((c) => c.text)).toEqual(['v4']);
    expect(await proposer.propose(context(3))).toEqual([]);
    expect((await proposer.propose(context(1, 1))).map((c) => c.text)).toEqual(['v2']);
  });
});

describe('gridPoints', () => {
  test('the grid is every combination: 2 * 2 * 3 * 2 = 24 points', () => {
    const points = gridPoints(grid);
    expect(points).toHaveLength(24);
    expect(points[0]).toEqual({
      architecture: 'react',
      rewrite: false,
      retrieval_overlay: null,
      turn_cap: 8,
    });
    expect(points[1]).toEqual({
      architecture: 'react',
      rewrite: false,
      retrieval_overlay: null,
      turn_cap: 16,
    });
    expect(new Set(points.map(canonicalJson)).size).toBe(24);
  });
});

describe('enumerationProposer', () => {
  const texts = gridPoints(grid).map(canonicalJson);

  test('proposes count unseen texts per round, or all of them at once with all: true', async () => {
    const byGrid = enumerationProposer('grid', texts);
    const first = await byGrid.propose(context(1, 10));
    expect(first.map((c) => [c.id, c.operator])).toEqual(
      Array.from({ length: 10 }, (_, i) => [`c1.${i}`, 'grid']),
    );
    const seen = [incumbent.hash, ...first.map((c) => c.hash)];
    const second = await byGrid.propose(context(2, 10, seen));
    expect(second[0]!.text).toBe(texts[10]);
    expect(
      await enumerationProposer('successive_halving', texts, { all: true }).propose(context(1, 2)),
    ).toHaveLength(24);
  });
});

describe('retrieval_config variations', () => {
  const configFile = resolve(import.meta.dirname, '../../../configs/optimize/retrieval_config.yaml');

  test('each variation is deep-merged over the base overlay', async () => {
    const variations = overlayVariations(
      {
        base: '../retrieval/name-weighted.yaml',
        variations: [{ query: { mode: 'all' } }, { ranking: { weights: { name: 20 } } }],
      },
      { configFile },
    );
    // name-weighted.yaml: ranking.weights {name: 15, path: 3, text: 1}
    expect(variations[0]!.overlay).toEqual({
      ranking: { weights: { name: 15, path: 3, text: 1 } },
      query: { mode: 'all' },
    });
    expect(variations[1]!.overlay).toEqual({ ranking: { weights: { name: 20, path: 3, text: 1 } } });
    expect(variations[1]!.text).toBe('{"ranking":{"weights":{"name":20,"path":3,"text":1}}}');
    const proposed = await enumerationProposer(
      'overlay',
      variations.map((v) => v.text),
    ).propose(context(1, 1));
    expect(proposed.map((c) => [c.text, c.operator])).toEqual([[variations[0]!.text, 'overlay']]);
  });

  test('a bad value in a variation is refused under its key path', () => {
    expect(() =>
      overlayVariations({ base: null, variations: [{ query: { mode: 'some' } }] }, { configFile }),
    ).toThrow(`Invalid value for \`overlays.variations.0.query.mode\` in \`${configFile}\``);
  });
});

test('ancestorsOf walks parents nearest first and stops at a cycle', () => {
  const parents = new Map<string, string | null>([
    ['c3.0', 'c2.1'],
    ['c2.1', 'c1.0'],
    ['c1.0', 'incumbent'],
    ['incumbent', null],
    ['x', 'y'],
    ['y', 'x'],
  ]);
  expect(ancestorsOf('c3.0', parents)).toEqual(['c2.1', 'c1.0', 'incumbent']);
  expect(ancestorsOf('x', parents)).toEqual(['y']);
});
