import { existsSync, readFileSync } from 'node:fs';
import { basename, delimiter, dirname, join, resolve } from 'node:path';
import type { ServerCommand } from '../manifest/server-command.js';

// npx options that change nothing about which installed bin runs.
const QUIET_OPTIONS = new Set(['--no', '--yes', '-y', '--no-install', '-q', '--quiet']);
const EXACT = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

// npm's local prefix: the nearest folder up from `cwd` holding a package.json or a node_modules.
function localPrefix(cwd: string): string {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) || existsSync(join(dir, 'node_modules'))) return dir;
    if (dirname(dir) === dir) return resolve(cwd);
  }
}

// The bin `npx <name>` runs, as npm picks it: the only one, else the one named after the package.
function binName(name: string, bin: unknown): string | null {
  if (typeof bin === 'string') return basename(name);
  if (typeof bin !== 'object' || bin === null) return null;
  const names = Object.keys(bin);
  if (names.length === 1) return names[0]!;
  return names.includes(basename(name)) ? basename(name) : null;
}

/**
 * A pinned `npx [--no|-y] pkg@1.2.3 ARGS` whose exact version is installed where npx would look
 * (`node_modules` of npm's local prefix from the command's `cwd`) as the command npx itself would
 * run: the package's bin from `node_modules/.bin` with the same arguments and that folder first on
 * `PATH`, without npx's own start (~1 s of CPU a server). `null` for any other command, another
 * installed version, or an option that could change what npx runs: that command is run as written.
 *
 * @example
 * installedNpx({ command: 'npx', args: ['--no', '@modelcontextprotocol/server-filesystem@2026.8.31', '/data'], cwd: '/repo' });
 * // { command: '/repo/node_modules/.bin/mcp-server-filesystem', args: ['/data'], cwd: '/repo', env: { PATH: '/repo/node_modules/.bin:...' } }
 */
export function installedNpx(command: ServerCommand): ServerCommand | null {
  if (basename(command.command) !== 'npx') return null;
  const at = command.args.findIndex((arg) => !QUIET_OPTIONS.has(arg));
  const spec = command.args[at];
  if (spec === undefined || spec.startsWith('-')) return null;
  const split = spec.lastIndexOf('@');
  if (split <= 0 || !EXACT.test(spec.slice(split + 1))) return null;
  const name = spec.slice(0, split);
  const modules = join(localPrefix(command.cwd), 'node_modules');
  let manifest: { version?: unknown; bin?: unknown };
  try {
    manifest = JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8'));
  } catch {
    return null;
  }
  if (manifest.version !== spec.slice(split + 1)) return null;
  const bin = binName(name, manifest.bin);
  const file = bin === null ? null : join(modules, '.bin', bin);
  if (file === null || !existsSync(file)) return null;
  const path = command.env?.PATH ?? process.env.PATH ?? '';
  return {
    ...command,
    command: file,
    args: command.args.slice(at + 1),
    env: { ...command.env, PATH: [join(modules, '.bin'), path].filter(Boolean).join(delimiter) },
  };
}
