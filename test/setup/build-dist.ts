import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { bundleFixtureServers } from './fixture-bundles.js';

// Before any test: dist/ transpiled from this src/ by esbuild and marked as built from it
// (`scripts/transpile.mjs`, about a second), once, before the workers start: the child processes
// the code under test starts (servers, harnesses, the CLI) run the same code from it without a
// TypeScript loader in each (`builtTwin`). The real tsc's build (type check and declarations) is
// the package-exports guard's to run, in the pool beside the other files rather than ahead of all
// of them (it took 30-60 s here, with both cores but one idle). Nothing writes dist/'s JavaScript
// while tests run. The fixture MCP servers are bundled too (`bundleFixtureServers`).
export default async function setup(): Promise<void> {
  const root = resolve(import.meta.dirname, '../..');
  execFileSync(process.execPath, [resolve(root, 'scripts/transpile.mjs')], { cwd: root, stdio: 'inherit' });
  await bundleFixtureServers();
}
