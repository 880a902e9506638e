import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The layers from lowest to highest; the root `index.ts` sits outside them. */
export const LAYERS = [
  'core',
  'stats',
  'retrieval',
  'trajectory',
  'report',
  'product',
  'agent',
  'optimize',
  'cli',
] as const;

export const SRC = resolve(import.meta.dirname, '../../src');

export function listSourceFiles(dir: string = SRC): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listSourceFiles(full));
    else if (name.endsWith('.ts')) out.push(full);
  }
  return out.sort();
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Relative imports of a file, resolved to the .ts files they name. */
export function localImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2];
    if (spec === undefined || !spec.startsWith('.')) continue;
    out.push(resolve(dirname(file), spec).replace(/\.js$/, '.ts'));
  }
  return out;
}

/** The layer a source file belongs to, or `root` for files directly under src/. */
export function layerOf(file: string): string {
  const first = relative(SRC, file).split(/[\\/]/)[0] ?? '';
  return first.endsWith('.ts') ? 'root' : first;
}
