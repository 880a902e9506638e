import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { canonicalJson, makeCandidate } from '../../../src/optimize/optimizer/candidate.js';
import {
  defaultProposer,
  incumbentOf,
  type ReflectiveInputs,
} from '../../../src/optimize/optimizer/config/inputs.js';
import {
  type LoadedCampaign,
  loadCampaignConfig,
  parseCampaignConfig,
} from '../../../src/optimize/optimizer/config/load-config.js';
import { candidateSetup } from '../../../src/optimize/optimizer/evaluate/candidate-setup.js';
import { architectureSpace } from '../../../src/optimize/optimizer/propose/architecture-grid.js';
import {
  type ArchitecturePoint,
  effectiveConfiguration,
  effectiveKey,
  pointOfText,
} from '../../../src/optimize/optimizer/propose/architecture-point.js';
import { configEnumeration, roundSizes } from '../../../src/optimize/optimizer/propose/config-enumeration.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const file = join(ROOT, 'configs/optimize/ask_architecture.yaml');
const shipped = parse(readFileSync(file, 'utf8')) as { grid: Record<string, unknown> };
// The shipped config with its grid changed; relative paths still resolve from configs/optimize/.
const withGrid = (grid: Record<string, unknown>) =>
  parseCampaignConfig({ ...shipped, grid: { ...shipped.grid, ...grid } }, file);
const scratch = mkdtempSync(join(tmpdir(), 'agent-track-grid-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const AW = '../retrieval/all-words.yaml';
const NW = '../retrieval/name-weighted.yaml';
const point = (
  architecture: 'react' | 'rewrite',
  rewrite: boolean,
  retrieval_overlay: string | null = null,
  turn_cap = 8,
): ArchitecturePoint => ({ architecture, rewrite, retrieval_overlay, turn_cap });
// A configuration axis's proposer calls no model: these inputs are never used.
const inert = {} as ReflectiveInputs;
const keyOf = (p: ArchitecturePoint) => effectiveKey(effectiveConfiguration(p, { configFile: file }));

describe('a point’s effective configuration: what its rollouts are given', () => {
  test.each([
    [point('react', false), 'react'],
    [point('react', true), 'rewrite'],
    [point('rewrite', false), 'rewrite'],
    [point('rewrite', true), 'rewrite'],
  ])('%o runs the %s loop', (p, loop) => {
    expect(effectiveConfiguration(p, { configFile: file }).architecture).toBe(loop);
  });

  test('the three rewrite points are one configuration; a turn cap or an overlay makes another', () => {
    const rewrite = keyOf(point('react', true));
    expect(keyOf(point('rewrite', false))).toBe(rewrite);
    expect(keyOf(point('rewrite', true))).toBe(rewrite);
    expect(keyOf(point('react', false))).not.toBe(rewrite);
    expect(keyOf(point('react', true, null, 16))).not.toBe(rewrite);
    expect(keyOf(point('react', true, AW))).not.toBe(rewrite);
  });

  test('an overlay counts by the serving config it makes: one restating the defaults is no overlay', () => {
    // configs/serving/default.yaml has query.mode any and response.top_k 10.
    const restated = join(scratch, 'restated.yaml');
    writeFileSync(restated, 'query: { mode: any }\nresponse: { top_k: 10 }\n');
    const empty = join(scratch, 'empty.yaml');
    writeFileSync(empty, '');
    expect(keyOf(point('react', false, restated))).toBe(keyOf(point('react', false)));
    expect(keyOf(point('react', false, empty))).toBe(keyOf(point('react', false)));
    expect(effectiveConfiguration(point('react', false, AW), { configFile: file }).serving.query.mode).toBe(
      'all',
    );
  });

  test('merged points set their rollouts up alike: the rewrite loop, the turn cap, the serving config', () => {
    const loaded = loadCampaignConfig(file);
    const setup = (p: ArchitecturePoint, i: number) => {
      const candidate = makeCandidate({
        id: `c${i}`,
        parent: null,
        text: canonicalJson(p),
        operator: 'grid',
      });
      const s = candidateSetup(loaded, candidate, join(scratch, `setup-${i}`));
      return { architecture: s.architecture, turnBudget: s.turnBudget, config: s.config };
    };
    const first = setup(point('react', true, NW, 16), 0);
    expect(first).toMatchObject({ architecture: 'rewrite', turnBudget: 16 });
    expect(first.config.ranking.weights).toEqual({ name: 15, path: 3, text: 1 });
    expect(setup(point('rewrite', false, NW, 16), 1)).toEqual(first);
    expect(setup(point('rewrite', true, NW, 16), 2)).toEqual(first);
  });

  test('a candidate text is read as a point, missing fields at the head’s; a stray key is refused by name', () => {
    expect(pointOfText('{"turn_cap":8}')).toEqual(point('react', false, null, 8));
    expect(() => pointOfText('{"turn_cap":8,"rewrites":true}')).toThrow(
      'Invalid `ask_architecture` candidate: `rewrites`',
    );
  });
});

describe('the grid’s candidates: one per effective configuration', () => {
  const spaceOf = (loaded: LoadedCampaign) => {
    if (loaded.config.axis !== 'ask_architecture') throw new Error('not an ask_architecture campaign');
    return architectureSpace(loaded.config.grid, loaded.config.seed, { configFile: loaded.file });
  };

  test('the shipped grid: 24 points run 12 distinct configurations, all 12 proposed at once', async () => {
    // 2 architectures x 2 rewrite x 3 overlays x 2 turn caps = 24 points. rewrite: true, or
    // architecture: rewrite, runs the rewrite loop, so (architecture, rewrite) makes 2 loops, not
    // 4: 2 x 3 x 2 = 12. The first of each in grid order: react/false and react/true; none is the
    // incumbent's (react, no overlay, 12 turns: the grid has 8 and 16).
    const space = spaceOf(loadCampaignConfig(file));
    expect(space).toMatchObject({
      strategy: 'successive_halving',
      gridPoints: 24,
      distinct: 12,
      incumbent: false,
    });
    expect(space.points).toEqual([
      point('react', false, null, 8),
      point('react', false, null, 16),
      point('react', false, AW, 8),
      point('react', false, AW, 16),
      point('react', false, NW, 8),
      point('react', false, NW, 16),
      point('react', true, null, 8),
      point('react', true, null, 16),
      point('react', true, AW, 8),
      point('react', true, AW, 16),
      point('react', true, NW, 8),
      point('react', true, NW, 16),
    ]);
    // The proposer walks these: all 12 in round 1 (successive halving), whatever the count.
    const loaded = loadCampaignConfig(file);
    const enumeration = configEnumeration(loaded, incumbentOf(loaded))!;
    expect(enumeration).toMatchObject({ operator: 'successive_halving', all: true });
    expect(enumeration.texts).toEqual(space.points.map(canonicalJson));
    const proposed = await defaultProposer(loaded, inert, enumeration).propose({
      round: 1,
      incumbent: incumbentOf(loaded),
      seen: new Set(),
      count: 2,
    });
    expect(proposed.map((c) => c.text)).toEqual(enumeration.texts);
  });

  test('a point that runs the incumbent’s configuration is not proposed', () => {
    // react/false/none/12 is the incumbent; rewrite/false/none/12 is the one new configuration.
    const space = spaceOf(withGrid({ retrieval_overlay: [null], turn_cap: [12], rewrite: [false] }));
    expect(space).toMatchObject({ gridPoints: 2, distinct: 2, incumbent: true });
    expect(space.points).toEqual([point('rewrite', false, null, 12)]);
  });

  test('random draws its samples from the distinct configurations, the same for the same seed', () => {
    const distinct = new Set(spaceOf(loadCampaignConfig(file)).points.map(canonicalJson));
    const loaded = withGrid({ strategy: 'random', samples: 3 });
    const a = spaceOf(loaded).points.map(canonicalJson);
    expect(a).toHaveLength(3);
    expect(new Set(a).size).toBe(3);
    for (const text of a) expect(distinct.has(text)).toBe(true);
    expect(spaceOf(loaded).points.map(canonicalJson)).toEqual(a);
    // More samples than configurations: each once.
    expect(spaceOf(withGrid({ strategy: 'random', samples: 20 })).points).toHaveLength(12);
  });
});

describe('configEnumeration: what the plan and the result say about the grid', () => {
  test.each([
    [
      'the shipped grid',
      {},
      { enumerated: 24, distinct: 12, proposed: 12 },
      '24 grid points run 12 distinct configurations (12 merged into the first point that runs the same); successive_halving proposes all 12',
    ],
    [
      'random with samples 3',
      { strategy: 'random', samples: 3 },
      { enumerated: 24, distinct: 12, proposed: 3 },
      '24 grid points run 12 distinct configurations (12 merged into the first point that runs the same); random draws 3 of them (seed 0)',
    ],
    [
      'a grid holding the default agent, with no incumbent named',
      { retrieval_overlay: [null], turn_cap: [12], rewrite: [false], incumbent: undefined },
      { enumerated: 2, distinct: 2, proposed: 1 },
      "2 grid points run 2 distinct configurations; one is the incumbent's, not proposed; successive_halving proposes all 1",
    ],
    [
      // The shipped incumbent (react over the strict overlay at turn cap 8) is left out; the
      // rewrite architecture at the same overlay and cap is the one candidate.
      'a grid holding the named incumbent',
      {
        retrieval_overlay: ['../retrieval/all-words-strict.yaml'],
        turn_cap: [8],
        rewrite: [false],
      },
      { enumerated: 2, distinct: 2, proposed: 1 },
      "2 grid points run 2 distinct configurations; one is the incumbent's, not proposed; successive_halving proposes all 1",
    ],
  ])('%s', (_, grid, counts, summary) => {
    const loaded = withGrid(grid);
    expect(configEnumeration(loaded, incumbentOf(loaded))!.space).toEqual({ ...counts, summary });
  });

  test('a text axis has none: a model proposes its candidates', () => {
    const loaded = loadCampaignConfig(join(ROOT, 'configs/optimize/tool_docs.yaml'));
    expect(configEnumeration(loaded, incumbentOf(loaded))).toBeNull();
  });
});

describe('roundSizes: how many candidates each round puts up', () => {
  test.each([
    [12, 1, 24, [12]],
    [12, 3, 5, [5, 5, 2]],
    [3, 6, 4, [3]],
    [0, 2, 4, []],
    [null, 3, 4, [4, 4, 4]],
  ] as const)('%s texts, %i rounds of at most %i: %o', (enumerated, rounds, candidates, sizes) => {
    expect(roundSizes(enumerated, { rounds, candidates })).toEqual(sizes);
  });
});
