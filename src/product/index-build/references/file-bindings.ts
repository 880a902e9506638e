import type { CorpusSymbols, IndexedSymbol } from './corpus-symbols.js';
import type { ImportingFile } from './import-targets.js';
import type { FileUses, ImportTarget, ImportUse } from './types.js';

/** What a local name is bound to by an import: corpus files (a module), corpus symbols, or a library. */
export type Binding = { files: number[] } | { symbols: IndexedSymbol[] } | 'external';

/** A file as the bindings see it: where it is and what it imports. */
export interface BindingFile extends ImportingFile {
  uses: FileUses;
}

/** Re-exports are followed this deep (`from .cart import Cart` in `__init__.py`, `export * from`). */
const MAX_HOPS = 4;

/**
 * The names each file's imports bind, resolved against the corpus: `import m as x` and
 * `import * as x` bind a module, `from m import a` and `import { a }` a symbol of it (or a
 * submodule), following re-exports (`__init__.py` imports, `export { a } from`, `export * from`)
 * a few hops; an import of anything outside the corpus binds `external`.
 *
 * @example
 * const bindings = fileBindings(files, symbols, targets);
 * bindings.of(cartFile).get('apply_discount'); // { symbols: [shop.pricing.apply_discount] }
 */
export function fileBindings(
  files: ReadonlyMap<number, BindingFile>,
  symbols: CorpusSymbols,
  targets: (from: ImportingFile, target: ImportTarget) => number[],
) {
  const memo = new Map<number, Map<string, Binding>>();

  // The top-level symbols named `name` that `fileIds` define or re-export.
  const exported = (fileIds: readonly number[], name: string, hops: number): IndexedSymbol[] => {
    const own = fileIds.flatMap((id) => symbols.topLevelIn(id, name));
    if (own.length > 0 || hops >= MAX_HOPS) return own;
    return fileIds.flatMap((id) => {
      const file = files.get(id);
      if (file === undefined) return [];
      const bound = bindingsOf(file, hops + 1).get(name);
      if (bound !== undefined && bound !== 'external' && 'symbols' in bound) return bound.symbols;
      return file.uses.imports
        .filter((use) => use.reexportsAll)
        .flatMap((use) => exported(targets(file, use.target), name, hops + 1));
    });
  };

  const nameBinding = (file: BindingFile, use: ImportUse, name: string, hops: number): Binding | null => {
    const modules = targets(file, use.target);
    if (modules.length === 0) return 'external';
    if (use.target.language === 'python') {
      const { module, level } = use.target;
      const sub = targets(file, {
        language: 'python',
        module: module === '' ? name : `${module}.${name}`,
        level,
      });
      if (sub.length > 0) return { files: sub };
    }
    const found = exported(modules, name, hops);
    return found.length > 0 ? { symbols: found } : null;
  };

  function bindingsOf(file: BindingFile, hops = 0): Map<string, Binding> {
    const known = memo.get(file.id);
    if (known !== undefined) return known;
    const out = new Map<string, Binding>();
    // Set before resolving, so an import cycle ends instead of recursing.
    memo.set(file.id, out);
    for (const use of file.uses.imports) {
      if (use.binds !== null) {
        const modules = targets(file, use.target);
        out.set(use.binds, modules.length === 0 ? 'external' : { files: modules });
      }
      for (const { name, alias } of use.names) {
        const bound = nameBinding(file, use, name, hops);
        if (bound !== null) out.set(alias, bound);
      }
    }
    return out;
  }

  return {
    of: (file: BindingFile) => bindingsOf(file),
    exported: (ids: readonly number[], name: string) => exported(ids, name, 0),
  };
}

export type FileBindings = ReturnType<typeof fileBindings>;
