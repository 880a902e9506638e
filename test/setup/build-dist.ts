import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

// Before any test: dist/ built by the real tsc (JS and declarations) and marked as built from this
// src/ (`scripts/transpile.mjs --mark-only`), once, before the workers start: the package-exports
// guard imports the published entries from it, and the child processes the code under test starts
// (servers, harnesses, the CLI) run the same code from it without a TypeScript loader in each
// (`builtTwin`). Nothing writes dist/ while tests run.
export default function setup(): void {
  const root = resolve(import.meta.dirname, '../..');
  const run = (...args: string[]) => execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  run(resolve(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json');
  run(resolve(root, 'scripts/transpile.mjs'), '--mark-only');
}
