import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What the reference product's index is built by, relative to a package root: the folders and
 * files whose code decides what a bundle holds (walking, cutting into pieces, the tables, the
 * identifier text, the ingestion keys and their hash). Query-time code is not in it, so a commit
 * that only changes search shares its index.
 */
const INDEX_CODE = ['index-build', 'bundle', 'text', 'serving/ingestion-hash', 'serving/schema'];

/** Where a package keeps that code, relative to its root: its sources, else its build. */
const INDEX_CODE_ROOTS = ['src/product', 'dist/product'];

/** Every path, relative to a package root, that `indexCodeId` may read (a folder, or a module's `.ts`/`.js`). */
export const INDEX_CODE_PATHS: readonly string[] = INDEX_CODE_ROOTS.flatMap((top) =>
  INDEX_CODE.flatMap((entry) => ['', '.ts', '.js'].map((ext) => `${top}/${entry}${ext}`)),
);

/** This package's root (the one running). */
const OWN_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function codeFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) codeFiles(path, out);
    else if (/\.(ts|js|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const memo = new Map<string, string>();

/**
 * A short hash of the code that builds the reference product's index in the package at `root`
 * (default: the running one): its `src/product` sources when it has them, else its built
 * `dist/product`. Two commits whose index code is the same get the same id (and share an index);
 * a commit that cuts pieces differently gets another.
 *
 * @example
 * indexCodeId(); // 'a1b2c3d4e5f6'
 * indexCodeId('/tmp/wt/candidate'); // the candidate worktree's
 */
export function indexCodeId(root: string = OWN_ROOT): string {
  const known = memo.get(root);
  if (known !== undefined) return known;
  const base = INDEX_CODE_ROOTS.map((top) => join(root, top)).find((dir) => existsSync(dir));
  const hash = createHash('sha256');
  if (base !== undefined) {
    for (const entry of INDEX_CODE) {
      const dir = join(base, entry);
      const files = existsSync(dir)
        ? codeFiles(dir)
        : ['.ts', '.js'].map((ext) => `${dir}${ext}`).filter((file) => existsSync(file));
      for (const file of files)
        hash
          .update(`${relative(base, file)}\0`)
          .update(readFileSync(file))
          .update('\0');
    }
  }
  const id = hash.digest('hex').slice(0, 12);
  memo.set(root, id);
  return id;
}
