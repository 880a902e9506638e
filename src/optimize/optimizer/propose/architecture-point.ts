import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { ARCHITECTURES, type Architecture, DEFAULT_TURN_BUDGET } from '../../../agent/index.js';
import { AgentTrackError, readYamlFile } from '../../../core/index.js';
import { DEFAULT_SERVING_CONFIG, parseServingConfig, type ServingConfig } from '../../../product/index.js';
import { canonicalJson } from '../candidate.js';

/** One point of the `ask_architecture` space, as the grid wrote it. */
export interface ArchitecturePoint {
  architecture: Architecture;
  rewrite: boolean;
  /** Overlay path as the config wrote it (relative to the campaign config), or `null` for none. */
  retrieval_overlay: string | null;
  turn_cap: number;
}

/** The incumbent of an `ask_architecture` campaign: the agent as it runs by default. */
export const HEAD_POINT: Readonly<ArchitecturePoint> = Object.freeze({
  architecture: 'react',
  rewrite: false,
  retrieval_overlay: null,
  turn_cap: DEFAULT_TURN_BUDGET,
});

// A candidate's text is a point's canonical JSON; a hand-written one may leave fields at the head's.
const pointSchema = z
  .object({
    architecture: z.enum(ARCHITECTURES).default(HEAD_POINT.architecture),
    rewrite: z.boolean().default(HEAD_POINT.rewrite),
    retrieval_overlay: z.string().nullable().default(HEAD_POINT.retrieval_overlay),
    turn_cap: z.number().int().positive().default(HEAD_POINT.turn_cap),
  })
  .strict();

/**
 * The point a candidate's text names, missing fields at the head's; anything else is refused by name.
 *
 * @example
 * pointOfText('{"turn_cap":8}'); // { architecture: 'react', rewrite: false, retrieval_overlay: null, turn_cap: 8 }
 */
export function pointOfText(text: string): ArchitecturePoint {
  const result = pointSchema.safeParse(JSON.parse(text));
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path.join('.');
  throw new AgentTrackError(
    'INVALID_CANDIDATE',
    `Invalid \`ask_architecture\` candidate: \`${key}\` ${issue.message}, in \`${text}\``,
    { data: { key, text } },
  );
}

/**
 * What a rollout of a point is actually given: the loop's variant (`rewrite: true` runs the
 * `rewrite` variant whatever `architecture` says; the loop has no other rewrite step), its turn
 * budget, and the serving config its server and index read (the package default with the
 * overlay deep-merged over it, validated). Two points with the same one run the same agent.
 */
export interface EffectiveConfiguration {
  architecture: Architecture;
  turn_cap: number;
  /** The overlay file's content, `null` for none (or an empty file): what `serving.yaml` merges. */
  overlay: Record<string, unknown> | null;
  serving: ServingConfig;
}

/**
 * A point's effective configuration; its overlay path is read relative to the campaign config.
 *
 * @example
 * effectiveConfiguration({ architecture: 'react', rewrite: true, retrieval_overlay: null, turn_cap: 8 }, { configFile })
 *   .architecture; // 'rewrite'
 */
export function effectiveConfiguration(
  point: ArchitecturePoint,
  options: { configFile: string },
): EffectiveConfiguration {
  const file =
    point.retrieval_overlay === null
      ? null
      : resolve(dirname(resolve(options.configFile)), point.retrieval_overlay);
  const data = file === null ? null : readYamlFile(file, 'retrieval overlay');
  const overlay = data === null || data === undefined ? null : (data as Record<string, unknown>);
  const layers = [
    { file: DEFAULT_SERVING_CONFIG, data: readYamlFile(DEFAULT_SERVING_CONFIG, 'serving config') },
  ];
  if (overlay !== null && file !== null) layers.push({ file, data: overlay });
  return {
    architecture: point.rewrite ? 'rewrite' : point.architecture,
    turn_cap: point.turn_cap,
    overlay,
    serving: parseServingConfig(layers),
  };
}

/**
 * The identity of what runs: equal keys, equal rollouts (the overlay counts by the serving
 * config it makes, so an overlay restating a default is no overlay).
 *
 * @example
 * effectiveKey(effectiveConfiguration(point, { configFile }));
 */
export function effectiveKey(configuration: EffectiveConfiguration): string {
  const { architecture, turn_cap, serving } = configuration;
  return canonicalJson({ architecture, turn_cap, serving });
}
