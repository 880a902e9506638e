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
 * Reuses idle servers per spec (its JSON: command, args, cwd, env; or URL, header templates, process). Only for servers that keep no
 * state between calls (the reference server): a stateful server would carry one task's state
 * into the next and make results depend on the order tasks ran in.
 *
 * @example
 * const servers = reusedServers();
 * const session = await servers.acquire(command); ...; await servers.release(session, true);
 * await servers.close();
 */
export function reusedServers(options: ConnectOptions = {}): ServerPool {
  const idle = new Map<string, McpSession[]>();
  const keyOf = new WeakMap<McpSession, string>();
  return {
    acquire: async (command) => {
      const key = JSON.stringify(command);
      const list = idle.get(key) ?? [];
      let session = list.pop();
      while (session !== undefined && !session.alive) {
        await session.close();
        session = list.pop();
      }
      session ??= await connectMcpServer(command, options);
      keyOf.set(session, key);
      return session;
    },
    release: async (session, clean) => {
      const key = keyOf.get(session);
      if (!clean || !session.alive || key === undefined) return session.close();
      idle.set(key, [...(idle.get(key) ?? []), session]);
    },
    close: async () => {
      const all = [...idle.values()].flat();
      idle.clear();
      await Promise.all(all.map((session) => session.close()));
    },
  };
}
