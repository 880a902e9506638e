import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The file in `dist/` that names the `src/` tree it was built from (`markDist`). */
export const DIST_MARK = '.built-from';

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out);
    else if (entry.name.endsWith('.ts')) out.push(path);
  }
  return out;
}

const trees = new Map<string, string>();

// sha256 over every `.ts` file of a package's `src/` (its path and bytes): what a `dist/` built
// from it is marked with. Kept once per process and root when `keep` (~10 ms for this package).
function sourceTreeHash(root: string, keep = true): string {
  const known = keep ? trees.get(root) : undefined;
  if (known !== undefined) return known;
  const hash = createHash('sha256');
  const src = join(root, 'src');
  for (const file of sourceFiles(src))
    hash
      .update(`${relative(src, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  const digest = hash.digest('hex');
  if (keep) trees.set(root, digest);
  return digest;
}

/**
 * Marks a package's `dist/` as built from its `src/` as it is now (after `tsc` or the transpile).
 *
 * @example
 * markDist('/src/agent-track');
 */
export function markDist(root: string): void {
  trees.delete(root);
  writeFileSync(join(root, 'dist', DIST_MARK), `${sourceTreeHash(root)}\n`);
}

/**
 * The built twin of a source module (`<root>/src/a/b.ts` -> `<root>/dist/a/b.js`) when `dist/` was
 * built from this very `src/` tree (its mark matches), else `null`. Code running from source starts
 * its child processes from the twin: the same code, without a TypeScript loader in every child
 * (a server's start ~0.28 s instead of ~0.6 s). A source edit since the build makes it `null`.
 *
 * @example
 * builtTwin(import.meta.url); // '/src/agent-track/dist/product/server/main.js' or null
 */
export function builtTwin(moduleUrl: string | URL): string | null {
  const file = fileURLToPath(moduleUrl);
  const at = file.lastIndexOf(`${sep}src${sep}`);
  if (at < 0 || !file.endsWith('.ts')) return null;
  const root = file.slice(0, at);
  const twin = join(root, 'dist', `${file.slice(at + 5, -3)}.js`);
  if (!existsSync(twin) || !existsSync(join(root, 'package.json'))) return null;
  return distBuiltFrom(root) ? twin : null;
}

/**
 * Whether `<root>/dist` is marked as built from the `src/` tree of `sources` as it is now: a copy
 * of the package's files (the demo product) holds the same tree as the package it was copied from.
 *
 * @example
 * distBuiltFrom('/src/agent-track', '/tmp/demo-product'); // true when that copy's src/ is the same
 */
export function distBuiltFrom(root: string, sources: string = root): boolean {
  const mark = join(root, 'dist', DIST_MARK);
  // Another tree is hashed as it is now, never from a hash kept earlier in this process.
  return existsSync(mark) && readFileSync(mark, 'utf8').trim() === sourceTreeHash(sources, sources === root);
}
