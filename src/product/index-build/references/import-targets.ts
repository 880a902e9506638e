import { posix } from 'node:path';
import type { ImportTarget } from './types.js';

/** What resolving an import needs to know of one file. */
export interface ImportingFile {
  id: number;
  path: string;
  /** Python's dotted module name, for Python files. */
  module?: string | undefined;
}

const SCRIPT_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** ESM TypeScript imports `./x.js` for the source `./x.ts`. */
const COMPILED = /\.(?:js|jsx|mjs|cjs)$/;

/**
 * Resolves an import to the corpus files it names: a Python module (absolute, or relative to the
 * importing file's package), a relative TS/JS specifier (with the extensions and `index` files a
 * resolver tries, `./x.js` also as `./x.ts`), a Go import path (through the corpus's `go.mod`
 * module paths; without any, the longest corpus directory the path ends with) to every `.go` file
 * of its package. `[]` when it names nothing in the corpus (a library, a bare specifier).
 *
 * @example
 * const targets = importTargets(files, [{ dir: '', module: 'example.com/kv' }]);
 * targets(server, { language: 'go', path: 'example.com/kv/store' }); // the ids of store/*.go
 */
export function importTargets(
  files: readonly ImportingFile[],
  goModules: readonly { dir: string; module: string }[],
): (from: ImportingFile, target: ImportTarget) => number[] {
  const byModule = new Map<string, number>();
  const byPath = new Map<string, number>();
  const goDirs = new Map<string, number[]>();
  for (const file of files) {
    byPath.set(file.path, file.id);
    if (file.module !== undefined && !byModule.has(file.module)) byModule.set(file.module, file.id);
    // A package's tests are not part of what importing it reaches.
    if (file.path.endsWith('.go') && !file.path.endsWith('_test.go')) {
      const dir = posix.dirname(file.path);
      const known = goDirs.get(dir);
      if (known === undefined) goDirs.set(dir, [file.id]);
      else known.push(file.id);
    }
  }
  const python = (from: ImportingFile, module: string, level: number): number[] => {
    let name = module;
    if (level > 0) {
      const own = (from.module ?? '').split('.');
      const isPackage = /(^|\/)__init__\.pyi?$/.test(from.path);
      const base = own.slice(0, Math.max(0, own.length - (isPackage ? 0 : 1) - (level - 1)));
      name = [...base, ...(module === '' ? [] : [module])].join('.');
    }
    const id = byModule.get(name);
    return id === undefined ? [] : [id];
  };
  const path = (from: ImportingFile, specifier: string): number[] => {
    if (!specifier.startsWith('.') && !specifier.startsWith('/')) return [];
    const joined = posix.normalize(posix.join(posix.dirname(from.path), specifier)).replace(/^\/+/, '');
    const exact = byPath.get(joined);
    if (exact !== undefined) return [exact];
    const stem = COMPILED.test(joined) ? joined.replace(COMPILED, '') : null;
    for (const base of stem === null ? [joined, `${joined}/index`] : [stem, joined, `${joined}/index`])
      for (const ext of SCRIPT_EXTENSIONS) {
        const id = byPath.get(`${base}${ext}`);
        if (id !== undefined) return [id];
      }
    return [];
  };
  const go = (importPath: string): number[] => {
    for (const { dir, module } of goModules) {
      if (importPath !== module && !importPath.startsWith(`${module}/`)) continue;
      const rest = importPath.slice(module.length + 1);
      return goDirs.get(posix.join(dir || '.', rest || '.')) ?? [];
    }
    if (goModules.length > 0) return [];
    const dirs = [...goDirs.keys()].filter((dir) => importPath === dir || importPath.endsWith(`/${dir}`));
    const longest = dirs.sort((a, b) => b.length - a.length)[0];
    return longest === undefined ? [] : goDirs.get(longest)!;
  };
  // A file's imports are resolved again for its bindings, its rows and the re-exports through it.
  const memo = new Map<string, number[]>();
  return (from, target) => {
    const key =
      target.language === 'python'
        ? `${from.id}\0${target.level}\0${target.module}`
        : target.language === 'path'
          ? `${from.id}\0${target.specifier}`
          : `\0${target.path}`;
    let found = memo.get(key);
    if (found === undefined) {
      found =
        target.language === 'python'
          ? python(from, target.module, target.level)
          : target.language === 'path'
            ? path(from, target.specifier)
            : go(target.path);
      memo.set(key, found);
    }
    return found;
  };
}
