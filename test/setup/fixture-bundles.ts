import { basename, join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '../..');
// Derived files, kept with the install they were bundled from.
const BUNDLES = join(root, 'node_modules/.cache/agent-track-tests');
// The fixture MCP servers the tests start as processes, most often first.
const SERVERS = ['test/agent/fixtures/text-server.mjs'];

/**
 * Each fixture MCP server bundled into one file with the SDK it imports (the global setup, before
 * any test): from node_modules a start resolves and compiles ~100 of the SDK's and zod's modules,
 * ~0.40 CPU-s; bundled, ~0.17 (`text-server.mjs`, ~50 starts a suite run).
 */
export async function bundleFixtureServers(): Promise<void> {
  await build({
    entryPoints: SERVERS.map((server) => join(root, server)),
    outdir: BUNDLES,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    // ajv and other CommonJS packages inside require Node's modules.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}

/**
 * The script to start for a fixture server: its bundle, which the global setup makes before any test.
 *
 * @example
 * fixtureServerScript('/repo/test/agent/fixtures/text-server.mjs');
 * // '/repo/node_modules/.cache/agent-track-tests/text-server.mjs'
 */
export function fixtureServerScript(source: string): string {
  return join(BUNDLES, basename(source));
}
