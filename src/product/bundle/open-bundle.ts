import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { AgentTrackError } from '../../core/index.js';
import { canonicalJson, ingestionHash } from '../serving/ingestion-hash.js';
import type { IngestionConfig } from '../serving/schema.js';
import { BUNDLE_DATABASE, type BundleManifest, readBundleManifest } from './manifest.js';

/** An opened index bundle: its manifest and a read-only connection. Close it when done. */
export interface Bundle {
  workspace: string;
  manifest: BundleManifest;
  db: Database.Database;
  close: () => void;
}

/** The ingestion keys whose values differ between the bundle and the config. */
function differingKeys(built: IngestionConfig, wanted: IngestionConfig): string[] {
  const keys = new Set([...Object.keys(built), ...Object.keys(wanted)]);
  return [...keys]
    .filter(
      (key) =>
        canonicalJson((built as Record<string, unknown>)[key]) !==
        canonicalJson((wanted as Record<string, unknown>)[key]),
    )
    .map((key) => `ingestion.${key}`);
}

/**
 * Opens a workspace's bundle for serving with `ingestion`: a bundle built with other ingestion
 * keys is refused, naming the workspace and the keys that differ.
 *
 * @example
 * const bundle = openBundle('/tmp/ws', config.ingestion);
 * try { searchCodebase(bundle, config, { query: 'parse config' }); } finally { bundle.close(); }
 */
export function openBundle(workspace: string, ingestion: IngestionConfig): Bundle {
  const manifest = readBundleManifest(workspace);
  const wanted = ingestionHash(ingestion);
  if (manifest.config_hash !== wanted) {
    const keys = differingKeys(manifest.ingestion, ingestion);
    throw new AgentTrackError(
      'BUNDLE_CONFIG_MISMATCH',
      `The bundle in \`${workspace}\` was built with another config (${keys.map((key) => `\`${key}\``).join(', ') || 'index format'} differ${keys.length === 1 ? 's' : ''}): rebuild it with \`agent-track index\` and this config`,
      { data: { workspace, built: manifest.config_hash, wanted, keys } },
    );
  }
  const file = join(workspace, BUNDLE_DATABASE);
  if (!existsSync(file)) {
    throw new AgentTrackError(
      'BUNDLE_MISSING',
      `The bundle in \`${workspace}\` has no \`${BUNDLE_DATABASE}\``,
      {
        data: { workspace, file },
      },
    );
  }
  const db = new Database(file, { readonly: true, fileMustExist: true });
  return { workspace, manifest, db, close: () => db.close() };
}
