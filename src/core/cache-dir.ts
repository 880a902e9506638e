import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where materialized corpora and their indexes are cached: `--cache-dir`, else
 * `AGENT_TRACK_CACHE`, else `~/.cache/agent-track`.
 */
export function resolveCacheDir(explicit?: string): string {
  return explicit ?? process.env.AGENT_TRACK_CACHE ?? join(homedir(), '.cache', 'agent-track');
}
