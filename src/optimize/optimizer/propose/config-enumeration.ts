import { type Candidate, canonicalJson } from '../candidate.js';
import type { LoadedCampaign } from '../config/load-config.js';
import { architectureSpace } from './architecture-grid.js';
import { pointOfText } from './architecture-point.js';
import { overlayVariations } from './overlay-variations.js';

/** How a configuration axis came to the candidates it proposes (printed in the plan, kept in `result.json`). */
export interface CandidateSpace {
  /** What the config enumerates: grid combinations, or overlay variations. */
  enumerated: number;
  /** Distinct configurations among them: by effective configuration for a grid, by merged overlay for variations. */
  distinct: number;
  /** What the campaign proposes: the distinct ones but the incumbent's, sampled for `random`. */
  proposed: number;
  /** The same in words. */
  summary: string;
}

/** The fixed list a configuration axis walks: the proposer's texts, and the plan's count. */
export interface ConfigEnumeration {
  /** The proposer's name and each candidate's operator: the grid strategy, or `overlay`. */
  operator: string;
  /** Every text it will propose, in order: distinct, none the incumbent's. */
  texts: string[];
  /** Every text in the first round (successive halving screens them all at once). */
  all: boolean;
  space: CandidateSpace;
}

const merged = (enumerated: number, distinct: number, what: string) =>
  enumerated === distinct
    ? ''
    : ` (${enumerated - distinct} merged into the first ${what} that runs the same)`;

/**
 * The enumeration of a configuration axis, `null` for a text axis (a model proposes its
 * candidates). `ask_architecture`: one grid point per effective configuration
 * (`architectureSpace`); `retrieval_config`: each distinct merged overlay. Neither proposes the
 * incumbent's configuration, which is evaluated anyway.
 *
 * @example
 * configEnumeration(loadCampaignConfig('configs/optimize/ask_architecture.yaml'), head)?.space.summary;
 * // '24 grid points run 12 distinct configurations (12 merged into the first point that runs the same); successive_halving proposes all 12'
 */
export function configEnumeration(loaded: LoadedCampaign, incumbent: Candidate): ConfigEnumeration | null {
  const { config } = loaded;
  if (config.axis === 'ask_architecture') {
    const space = architectureSpace(config.grid, config.seed, {
      configFile: loaded.file,
      incumbent: pointOfText(incumbent.text),
    });
    const proposed = space.points.length;
    const draw =
      space.strategy === 'random'
        ? `random draws ${proposed} of them (seed ${config.seed})`
        : `${space.strategy} proposes all ${proposed}`;
    return {
      operator: space.strategy,
      texts: space.points.map(canonicalJson),
      all: space.strategy === 'successive_halving',
      space: {
        enumerated: space.gridPoints,
        distinct: space.distinct,
        proposed,
        summary: `${space.gridPoints} grid points run ${space.distinct} distinct configurations${merged(space.gridPoints, space.distinct, 'point')}${space.incumbent ? "; one is the incumbent's, not proposed" : ''}; ${draw}`,
      },
    };
  }
  if (config.axis === 'retrieval_config') {
    const variations = overlayVariations(config.overlays, { configFile: loaded.file });
    const distinct = [...new Set(variations.map((v) => v.text))];
    const texts = distinct.filter((text) => text !== incumbent.text);
    const head = texts.length < distinct.length ? "; one is the incumbent's, not proposed" : '';
    return {
      operator: 'overlay',
      texts,
      all: false,
      space: {
        enumerated: variations.length,
        distinct: distinct.length,
        proposed: texts.length,
        summary: `${variations.length} overlay variations make ${distinct.length} distinct overlays${merged(variations.length, distinct.length, 'variation')}${head}; overlay proposes all ${texts.length}`,
      },
    };
  }
  return null;
}

/**
 * How many candidates each round puts up at most: `candidates` a round for `rounds` rounds, and
 * for an enumeration of `enumerated` texts only until it runs out (a round takes at most
 * `candidates`, the next the rest).
 *
 * @example
 * roundSizes(10, { rounds: 6, candidates: 4 }); // [4, 4, 2]
 * roundSizes(null, { rounds: 2, candidates: 4 }); // [4, 4]
 */
export function roundSizes(
  enumerated: number | null,
  options: { rounds: number; candidates: number },
): number[] {
  const out: number[] = [];
  let left = enumerated ?? Number.POSITIVE_INFINITY;
  for (let round = 1; round <= options.rounds; round++) {
    const size = Math.min(options.candidates, left);
    if (size <= 0) break;
    out.push(size);
    left -= size;
  }
  return out;
}
