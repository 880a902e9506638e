import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { AgentTrackError, issueParts, readYamlFile } from '../../core/index.js';
import { deepMerge, hasPath, isPlainObject } from './deep-merge.js';
import { refuseModelKeys } from './model-keys.js';
import { type ServingConfig, ServingConfigSchema } from './schema.js';

/** The serving config shipped with this package (`configs/serving/default.yaml`, from src/ or dist/). */
export const DEFAULT_SERVING_CONFIG = fileURLToPath(
  new URL('../../../configs/serving/default.yaml', import.meta.url),
);

/** One layer of a serving config: the base file or an overlay, with the file it came from. */
export interface ConfigLayer {
  file: string;
  data: unknown;
}

/**
 * Merges the layers in order (the first is the serving config, the rest retrieval overlays) and
 * validates the result. A refused key or value is named with the file that set it: the last layer
 * holding that key.
 *
 * @example
 * const config = parseServingConfig([
 *   { file: 'default.yaml', data: { query: { mode: 'any' } } },
 *   { file: 'all-words.yaml', data: { query: { mode: 'all' } } },
 * ]);
 * config.query.mode; // 'all'
 */
export function parseServingConfig(layers: readonly ConfigLayer[]): ServingConfig {
  let merged: unknown = {};
  for (const layer of layers) {
    refuseModelKeys(layer.data, layer.file);
    merged = deepMerge(merged, layer.data);
  }
  const result = ServingConfigSchema.safeParse(merged);
  if (result.success) return result.data;
  throw refusal(result.error.issues[0]!, layers, merged);
}

/**
 * Reads a serving config YAML and deep-merges each overlay YAML over it, in order.
 *
 * @example
 * const config = loadServingConfig('configs/serving/default.yaml', ['configs/retrieval/all-words.yaml']);
 */
export function loadServingConfig(
  file: string = DEFAULT_SERVING_CONFIG,
  overlays: readonly string[] = [],
): ServingConfig {
  const layers: ConfigLayer[] = [{ file, data: readYamlFile(file, 'serving config') }];
  for (const overlay of overlays)
    layers.push({ file: overlay, data: readYamlFile(overlay, 'retrieval overlay') });
  return parseServingConfig(layers);
}

function ownerOf(path: readonly PropertyKey[], layers: readonly ConfigLayer[]): string {
  for (let i = layers.length - 1; i >= 0; i -= 1) {
    if (hasPath(layers[i]!.data, path)) return layers[i]!.file;
  }
  return layers[layers.length - 1]?.file ?? '(no file)';
}

function refusal(issue: z.core.$ZodIssue, layers: readonly ConfigLayer[], merged: unknown): AgentTrackError {
  const { key, message, received } = issueParts(issue, merged);
  if (issue.code === 'unrecognized_keys') {
    const file = ownerOf([...issue.path, issue.keys[0]!], layers);
    return new AgentTrackError('UNKNOWN_CONFIG_KEY', `Unknown key \`${key}\` in \`${file}\``, {
      data: { file, key, keys: issue.keys },
    });
  }
  const file = ownerOf(issue.path, layers);
  let value: unknown = merged;
  for (const part of issue.path) value = isPlainObject(value) ? value[String(part)] : undefined;
  return new AgentTrackError(
    'INVALID_CONFIG_VALUE',
    `Invalid value for \`${key}\` in \`${file}\`: ${message}, got ${received}`,
    { data: { file, key, received: value } },
  );
}
