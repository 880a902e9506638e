import { createHash } from 'node:crypto';
import type { IngestionConfig } from './schema.js';

/** Bumped whenever the bundle's tables or the piece cutters change what an index holds. */
export const INDEX_FORMAT = 3;

/** A stable JSON rendering: object keys sorted at every depth. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The hash of everything that decides what an index holds: the ingestion keys and the index
 * format. Query-time keys (query mode, weights, aggregation, response) are left out, so an overlay
 * that only changes those serves the same bundle.
 *
 * @example
 * ingestionHash(loadServingConfig('configs/serving/default.yaml').ingestion); // 'sha256:3f...'
 */
export function ingestionHash(ingestion: IngestionConfig): string {
  const digest = createHash('sha256')
    .update(canonicalJson({ format: INDEX_FORMAT, ingestion }))
    .digest('hex');
  return `sha256:${digest}`;
}
