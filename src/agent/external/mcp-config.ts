import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ServerCommand } from '../manifest/server-command.js';

/** One server entry of a Claude Code style MCP config. */
export interface McpServerEntry {
  type: 'stdio';
  command: string;
  args: string[];
}

/** `{mcpServers: {name: {type, command, args}}}`: the file `--mcp-config` reads. */
export interface McpConfigFile {
  mcpServers: Record<string, McpServerEntry>;
}

// The config format has no working directory, and a product's serve command may be relative to its
// root (`node dist/cli.js serve`): `sh` enters the root first, then execs the server itself.
const ENTER_ROOT = 'cd "$0" && exec "$@"';

/**
 * The MCP config entry that starts a product's server from its root: `/bin/sh -c 'cd "$0" && exec
 * "$@"' ROOT COMMAND ARGS...`. No environment is written (a key is never put in a file).
 *
 * @example
 * mcpServerEntry({ command: 'node', args: ['dist/cli.js', 'serve'], cwd: '/repo' });
 * // { type: 'stdio', command: '/bin/sh', args: ['-c', 'cd "$0" && exec "$@"', '/repo', 'node', 'dist/cli.js', 'serve'] }
 */
export function mcpServerEntry(server: ServerCommand): McpServerEntry {
  return {
    type: 'stdio',
    command: '/bin/sh',
    args: ['-c', ENTER_ROOT, server.cwd, server.command, ...server.args],
  };
}

/**
 * Writes an MCP config naming one server (or none, with `server: null`) and returns its path.
 *
 * @example
 * writeMcpConfig('runs/t/mcp/t1.json', 'reference-code-search', product.serverFor(workspace));
 */
export function writeMcpConfig(file: string, name: string | null, server: ServerCommand | null): string {
  const config: McpConfigFile = { mcpServers: {} };
  if (name !== null && server !== null) config.mcpServers[name] = mcpServerEntry(server);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}
