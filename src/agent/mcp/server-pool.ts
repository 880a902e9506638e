import type { ServerSpec } from '../manifest/server-command.js';
import { type ConnectOptions, connectMcpServer, type McpSession } from './mcp-session.js';

/**
 * Where rollouts get their MCP sessions. `fresh` (the default) starts one server per rollout and
 * stops it after; `reuse` keeps a finished rollout's server, if it is still alive and was not cut
 * short, for the next rollout with the same command. A server serves one rollout at a time either
 * way, so a death still fails only that rollout.
 */
export interface ServerPool {
  acquire(server: ServerSpec): Promise<McpSession>;
  /** `clean`: the rollout ended normally (no timeout, no failure), so the server may serve another. */
  release(session: McpSession, clean: boolean): Promise<void>;
  /** Stops every idle server. */
  close(): Promise<void>;
}

/** One server per rollout: never shared, so no server state crosses tasks. */
export function freshServers(options: ConnectOptions = {}): ServerPool {
  return {
    acquire: (command) => connectMcpServer(command, options),
    release: (session) => session.close(),
    close: async () => {},
  };
}

/**
 * Reuses servers per spec (its JSON: command, args, cwd, env; or URL, header templates, process),
 * each serving up to `perServer` rollouts at once (default 1: one at a time). Only for servers that
 * keep no state between calls (the reference server): a stateful server would carry one task's
 * state into the next and make results depend on the order tasks ran in. A rollout that ended
 * uncleanly (a timeout, a failure) retires its server: it takes no new rollout and stops once the
 * ones it serves are done; a dead one is never handed out.
 *
 * @example
 * const servers = reusedServers({ perServer: 4 });
 * const session = await servers.acquire(command); ...; await servers.release(session, true);
 * await servers.close();
 */
export function reusedServers(
  options: ConnectOptions & {
    perServer?: number;
    /**
     * The most servers kept with no rollout on them; past it the one idle longest stops. Default
     * no bound (a runner serves one arm's few specs); a caller that sees many specs come and go
     * (the optimizer's candidates) bounds it.
     */
    maxIdle?: number;
  } = {},
): ServerPool {
  const { perServer = 1, maxIdle = Number.POSITIVE_INFINITY, ...connect } = options;
  interface Entry {
    session: Promise<McpSession>;
    users: number;
    retired: boolean;
  }
  const byKey = new Map<string, Entry[]>();
  const entryOf = new WeakMap<McpSession, { key: string; entry: Entry }>();
  // Servers with no rollout on them, the longest idle first.
  const idle: { key: string; entry: Entry }[] = [];
  const unidle = (entry: Entry) => {
    const at = idle.findIndex((item) => item.entry === entry);
    if (at >= 0) idle.splice(at, 1);
  };
  const drop = async (key: string, entry: Entry) => {
    unidle(entry);
    byKey.set(
      key,
      (byKey.get(key) ?? []).filter((other) => other !== entry),
    );
    const session = await entry.session.catch(() => null);
    await session?.close();
  };
  return {
    acquire: async (command) => {
      const key = JSON.stringify(command);
      for (;;) {
        const list = byKey.get(key) ?? [];
        byKey.set(key, list);
        let entry = list.find((candidate) => !candidate.retired && candidate.users < perServer);
        if (entry === undefined) {
          entry = { session: connectMcpServer(command, connect), users: 0, retired: false };
          list.push(entry);
        }
        entry.users += 1;
        unidle(entry);
        const session = await entry.session.catch(async (error: unknown) => {
          // A server that failed to start fails the rollouts waiting on it; the next one starts anew.
          entry.users -= 1;
          entry.retired = true;
          if (entry.users === 0) await drop(key, entry);
          throw error;
        });
        if (session.alive) {
          entryOf.set(session, { key, entry });
          return session;
        }
        entry.users -= 1;
        entry.retired = true;
        if (entry.users === 0) await drop(key, entry);
      }
    },
    release: async (session, clean) => {
      const owner = entryOf.get(session);
      if (owner === undefined) return session.close();
      const { key, entry } = owner;
      entry.users -= 1;
      if (!clean || !session.alive) entry.retired = true;
      if (entry.retired && entry.users === 0) await drop(key, entry);
      else if (entry.users === 0) {
        idle.push({ key, entry });
        if (idle.length > maxIdle) {
          const oldest = idle[0]!;
          await drop(oldest.key, oldest.entry);
        }
      }
    },
    close: async () => {
      const all = [...byKey.entries()].flatMap(([key, list]) => list.map((entry) => [key, entry] as const));
      byKey.clear();
      await Promise.all(all.map(([key, entry]) => drop(key, entry)));
    },
  };
}
