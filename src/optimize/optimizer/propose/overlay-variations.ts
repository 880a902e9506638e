import { dirname, resolve } from 'node:path';
import { AgentTrackError, readYamlFile } from '../../../core/index.js';
import { DEFAULT_SERVING_CONFIG, deepMerge, parseServingConfig } from '../../../product/index.js';
import { canonicalJson } from '../candidate.js';
import type { OverlaySpace } from '../config/config-schema.js';

/** One retrieval overlay to try: the base overlay with one variation merged over it. */
export interface OverlayVariation {
  /** `overlays.variations.<i>`: where it came from in the campaign config. */
  key: string;
  overlay: Record<string, unknown>;
  /** Canonical JSON of `overlay`: a candidate's text. */
  text: string;
}

/**
 * Deep-merges each variation over the base overlay (mappings key by key, anything else replaced)
 * and checks the result over the serving config, so a bad key is refused naming the variation
 * (`<config>#overlays.variations.<i>`) before any rollout.
 *
 * @example
 * overlayVariations({ base: null, variations: [{ query: { mode: 'all' } }] }, { configFile: 'c.yaml' });
 * // [{ key: 'overlays.variations.0', overlay: { query: { mode: 'all' } }, text: '{"query":{"mode":"all"}}' }]
 */
export function overlayVariations(
  space: OverlaySpace,
  options: { configFile: string; servingConfig?: string },
): OverlayVariation[] {
  const servingFile = options.servingConfig ?? DEFAULT_SERVING_CONFIG;
  const serving = readYamlFile(servingFile, 'serving config');
  const baseFile = space.base === null ? null : resolve(dirname(resolve(options.configFile)), space.base);
  const base = baseFile === null ? {} : readYamlFile(baseFile, 'retrieval overlay');
  return space.variations.map((variation, i) => {
    const key = `overlays.variations.${i}`;
    const label = `${options.configFile}#${key}`;
    try {
      parseServingConfig([
        { file: servingFile, data: serving },
        ...(baseFile === null ? [] : [{ file: baseFile, data: base }]),
        { file: label, data: variation },
      ]);
    } catch (error) {
      // A key the variation set is named under the campaign config's own key path.
      if (!(error instanceof AgentTrackError) || error.data.file !== label) throw error;
      const full = `${key}.${String(error.data.key)}`;
      const what = error.code === 'UNKNOWN_CONFIG_KEY' ? 'Unknown key' : 'Invalid value for';
      throw new AgentTrackError(
        'INVALID_CAMPAIGN_CONFIG',
        `${what} \`${full}\` in \`${options.configFile}\``,
        {
          data: { file: options.configFile, key: full },
          cause: error,
        },
      );
    }
    const overlay = deepMerge(base, variation) as Record<string, unknown>;
    return { key, overlay, text: canonicalJson(overlay) };
  });
}
