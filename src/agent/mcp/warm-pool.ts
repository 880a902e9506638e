import type { ServerSpec } from '../manifest/server-command.js';
import { type ConnectOptions, connectMcpServer, type McpSession } from './mcp-session.js';
import type { ServerPool } from './server-pool.js';

/**
 * A fresh server per rollout, started ahead of need: the first rollout of a spec starts `spares`
 * more in the background, and each rollout that takes one starts its replacement. A rollout never
 * shares a server (it is stopped after, as `freshServers` does), so no state crosses rollouts, while
 * the start (~0.4 s of CPU for the reference server) runs during other rollouts' model latency
 * instead of before this one. A spare that died while idle is replaced, not handed out.
 *
 * @example
 * const servers = warmServers({ spares: 8 });
 * const session = await servers.acquire(spec); ...; await servers.release(session, true);
 * await servers.close(); // stops the spares
 */
export function warmServers(
  options: ConnectOptions & {
    spares: number;
    /** The rollouts expected in all: no spare is started past them (default: no limit). */
    total?: number;
  },
): ServerPool {
  const { spares, total, ...connect } = options;
  const ready = new Map<string, Promise<McpSession>[]>();
  let closed = false;
  let started = 0;
  const start = (spec: ServerSpec) => {
    const session = connectMcpServer(spec, connect);
    // A spare that fails to start fails the rollout that takes it, with the server's own error.
    session.catch(() => {});
    return session;
  };
  const topUp = (key: string, spec: ServerSpec) => {
    const list = ready.get(key) ?? [];
    while (!closed && list.length < spares && started < (total ?? Number.POSITIVE_INFINITY)) {
      started += 1;
      list.push(start(spec));
    }
    ready.set(key, list);
  };
  return {
    acquire: async (spec) => {
      const key = JSON.stringify(spec);
      const list = ready.get(key) ?? [];
      ready.set(key, list);
      // Spares that died idle are skipped, a few at most; without one, this rollout starts its own.
      for (let tries = 0; tries <= spares; tries++) {
        const next = list.shift();
        if (next === undefined) break;
        topUp(key, spec);
        const candidate = await next;
        if (candidate.alive) return candidate;
        await candidate.close();
      }
      started += 1;
      const own = connectMcpServer(spec, connect);
      topUp(key, spec);
      return own;
    },
    release: (session) => session.close(),
    close: async () => {
      closed = true;
      const all = [...ready.values()].flat();
      ready.clear();
      await Promise.all(
        all.map(async (pending) => {
          const session = await pending.catch(() => null);
          await session?.close();
        }),
      );
    },
  };
}
