import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AgentTrackError } from '../../core/index.js';
import { readBundleManifest } from '../bundle/manifest.js';

/** One cached corpus or index: what it is, how big, when it was last written. */
export interface CacheEntry {
  kind: 'corpus' | 'index';
  name: string;
  path: string;
  bytes: number;
  modified: string;
  /** For an index: the corpus it was built from and its counts. */
  detail?: string;
}

function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

/**
 * What the cache holds: materialized corpora and index bundles, largest first.
 *
 * @example
 * cacheContents(resolveCacheDir()).map((e) => `${e.kind} ${e.name} ${e.bytes}`);
 */
export function cacheContents(cacheDir: string): CacheEntry[] {
  const entries: CacheEntry[] = [];
  for (const [kind, folder] of [
    ['corpus', 'corpora'],
    ['index', 'indexes'],
  ] as const) {
    const dir = join(cacheDir, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      let detail: string | undefined;
      if (kind === 'index') {
        try {
          const manifest = readBundleManifest(path);
          detail = `${manifest.corpus} (${manifest.counts.files} files, ${manifest.counts.pieces} pieces)`;
        } catch {
          detail = 'no valid bundle';
        }
      }
      entries.push({
        kind,
        name,
        path,
        bytes: sizeOf(path),
        modified: statSync(path).mtime.toISOString(),
        ...(detail ? { detail } : {}),
      });
    }
  }
  return entries.sort((a, b) => b.bytes - a.bytes);
}

/**
 * Removes cache entries: every one (`all`), those named, or those not written for `olderThanDays`.
 * A name the cache does not hold is refused before anything is removed.
 *
 * @example
 * evictCache(cacheDir, { names: ['files-3f2a...'] });
 */
export function evictCache(
  cacheDir: string,
  select: { all?: boolean; names?: readonly string[]; olderThanDays?: number },
): CacheEntry[] {
  const entries = cacheContents(cacheDir);
  const unknown = (select.names ?? []).filter((name) => !entries.some((e) => e.name === name));
  if (unknown.length > 0) {
    throw new AgentTrackError(
      'CACHE_ENTRY_UNKNOWN',
      `The cache at \`${cacheDir}\` holds no \`${unknown.join('`, `')}\``,
      {
        data: { cacheDir, unknown },
      },
    );
  }
  const cutoff = select.olderThanDays === undefined ? null : Date.now() - select.olderThanDays * 86_400_000;
  const chosen = entries.filter(
    (e) =>
      select.all === true ||
      (select.names ?? []).includes(e.name) ||
      (cutoff !== null && Date.parse(e.modified) < cutoff),
  );
  for (const entry of chosen) rmSync(entry.path, { recursive: true, force: true });
  return chosen;
}
