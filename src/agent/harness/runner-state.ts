import { reusedServers, type ServerPool } from '../mcp/server-pool.js';

/**
 * Rollouts one server of a product with `isolation: corpus` serves at once: at concurrency 8, two servers
 * start instead of eight (each start is ~0.5 s of CPU), and the calls of four rollouts, a few ms
 * each, rarely meet.
 */
export const ROLLOUTS_PER_SERVER = 4;

/** What a long-lived runner keeps across its rollouts: its `isolation: corpus` servers and the servers it probed. */
export interface RunnerState {
  servers: ServerPool;
  /** Server specs (as JSON) whose probe passed (see `probeCorpora`). */
  probed: Set<string>;
}

/**
 * A fresh `RunnerState`: an `isolation: corpus` pool serving `ROLLOUTS_PER_SERVER` rollouts per
 * server, and nothing probed yet. `maxIdle` bounds the servers kept with no rollout on them (the
 * one idle longest stops first): for a caller that sees many server specs come and go.
 *
 * @example
 * const runner = openRunnerState({ maxIdle: 8 });
 * await runHarness({ ...options, runner }); await runHarness({ ...more, runner });
 * await runner.servers.close();
 */
export function openRunnerState(options: { maxIdle?: number } = {}): RunnerState {
  return {
    servers: reusedServers({ perServer: ROLLOUTS_PER_SERVER, ...options }),
    probed: new Set(),
  };
}
