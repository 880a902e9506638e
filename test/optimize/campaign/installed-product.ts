import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A tarball package with a `fixture-harness` bin: what `npm ci` installs as a copy into node_modules. */
export function packedDependency(root: string): Record<string, string | Buffer> {
  const dep = join(root, 'dep');
  mkdirSync(dep, { recursive: true });
  writeFileSync(
    join(dep, 'package.json'),
    JSON.stringify({ name: 'fixture-harness', version: '1.0.0', bin: { 'fixture-harness': 'bin.mjs' } }),
  );
  writeFileSync(join(dep, 'bin.mjs'), '#!/usr/bin/env node\nconsole.log("installed copy");\n');
  chmodSync(join(dep, 'bin.mjs'), 0o755);
  execFileSync('npm', ['pack', '--silent', '--pack-destination', root], { cwd: dep });
  return {
    'package.json': JSON.stringify({
      name: 'fixture-product',
      version: '1.0.0',
      private: true,
      dependencies: { 'fixture-harness': 'file:./vendor/fixture-harness-1.0.0.tgz' },
    }),
    'vendor/fixture-harness-1.0.0.tgz': readFileSync(join(root, 'fixture-harness-1.0.0.tgz')),
    'build.mjs':
      "import { mkdirSync, writeFileSync } from 'node:fs'; mkdirSync('dist', { recursive: true }); writeFileSync('dist/built.txt', 'built');\n",
  };
}

/** The lockfile `npm` writes for the repo's package.json, offline. */
export function lockfile(repo: string): string {
  execFileSync(
    'npm',
    ['install', '--package-lock-only', '--offline', '--no-audit', '--no-fund', '--silent'],
    {
      cwd: repo,
    },
  );
  return readFileSync(join(repo, 'package-lock.json'), 'utf8');
}
