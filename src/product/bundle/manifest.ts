import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AgentTrackError, issueParts } from '../../core/index.js';
import { INDEX_FORMAT } from '../serving/ingestion-hash.js';
import { IngestionSchema } from '../serving/schema.js';

/** The bundle's files inside a workspace directory. */
export const BUNDLE_MANIFEST = 'bundle.json';
export const BUNDLE_DATABASE = 'index.sqlite';

/** `bundle.json`: what was indexed, with what, and the hashes a server checks before serving. */
export const BundleManifestSchema = z
  .object({
    format: z.number().int(),
    /** `ingestionHash()` of the ingestion keys the bundle was built with. */
    config_hash: z.string(),
    /** The ingestion keys themselves, so a refusal can name the keys that differ. */
    ingestion: IngestionSchema,
    /** sha256 over every indexed file's path and content hash, in path order. */
    corpus_hash: z.string(),
    corpus: z.string(),
    counts: z
      .object({
        files: z.number().int(),
        pieces: z.number().int(),
        symbols: z.number().int(),
        references: z.number().int(),
      })
      .strict(),
    skipped: z
      .object({ too_large: z.number().int(), binary: z.number().int(), not_utf8: z.number().int() })
      .strict(),
    built_at: z.string(),
    build_ms: z.number(),
  })
  .strict();

export type BundleManifest = z.infer<typeof BundleManifestSchema>;

/**
 * Reads and validates a workspace's `bundle.json`; a missing or malformed one names the workspace,
 * and one of another index format (an older agent-track's) is refused with the command that rebuilds it.
 *
 * @example
 * readBundleManifest('.cache/ws').counts.files;
 */
export function readBundleManifest(workspace: string): BundleManifest {
  const file = join(workspace, BUNDLE_MANIFEST);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AgentTrackError(
      'BUNDLE_MISSING',
      `No index bundle in \`${workspace}\`: \`${file}\` is missing or unreadable; build one with \`agent-track index --corpus DIR --out ${workspace}\``,
      { data: { workspace, file }, cause: error },
    );
  }
  const format = (raw as { format?: unknown } | null)?.format;
  if (format !== INDEX_FORMAT) {
    throw new AgentTrackError(
      'BUNDLE_FORMAT_OUTDATED',
      `The bundle in \`${workspace}\` has index format \`${String(format)}\`; this agent-track reads format ${INDEX_FORMAT}: rebuild it with \`agent-track index --corpus DIR --out ${workspace}\``,
      { data: { workspace, file, format, expected: INDEX_FORMAT } },
    );
  }
  const parsed = BundleManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const { key, message } = issueParts(parsed.error.issues[0]!, raw);
    throw new AgentTrackError(
      'BUNDLE_INVALID',
      `The bundle manifest \`${file}\` is invalid at \`${key}\`: ${message}`,
      { data: { workspace, file }, cause: parsed.error },
    );
  }
  return parsed.data;
}
