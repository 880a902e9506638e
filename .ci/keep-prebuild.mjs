// Keeps the better-sqlite3 binary `npm ci` just compiled where prebuild-install looks before it
// downloads one: npm's cache (`<npm cache>/_prebuilds`, named from the download URL). Its prebuilt
// binary comes from GitHub, which this machine cannot reach, so every install compiled SQLite from
// source (~65 s of a 2-core CI run); the next `npm ci` here unpacks the kept one instead, like one
// it had downloaded. prebuild-install checks it: the name holds the package's version, Node's ABI,
// the platform and the architecture, and the binary must load (it is required after unpacking), or
// the install compiles from source as before. `.ci/run` runs this with npm's cache directory in
// `npm_config_cache`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const root = join(import.meta.dirname, '..');
// prebuild-install is better-sqlite3's dependency: resolved from there, with its own options and names.
const fromPackage = createRequire(join(root, 'node_modules/better-sqlite3/package.json'));
const pkg = fromPackage('./package.json');
const util = fromPackage('prebuild-install/util');
const url = util.getDownloadUrl({ ...fromPackage('prebuild-install/rc')(pkg), pkg });
const kept = util.cachedPrebuild(url);
const binary = 'build/Release/better_sqlite3.node';
const packageDir = dirname(fromPackage.resolve('./package.json'));
if (existsSync(kept) || !existsSync(join(packageDir, binary))) process.exit(0);
mkdirSync(dirname(kept), { recursive: true });
const partial = `${kept}.${process.pid}.tmp`;
execFileSync('tar', ['-czf', partial, '-C', packageDir, binary]);
renameSync(partial, kept);
console.log(`kept better-sqlite3's build for the next install: ${kept}`);
