import type { PieceKind } from '../pieces/types.js';
import type { CorpusSymbols, IndexedSymbol } from './corpus-symbols.js';
import type { Binding } from './file-bindings.js';
import type { NameUse } from './types.js';

/** What a use can name: a call a function, a method or a class (an instantiation); a base a class or a type. */
const TARGET_KINDS: Record<NameUse['kind'], ReadonlySet<PieceKind>> = {
  call: new Set(['function', 'method', 'class']),
  inherits: new Set(['class', 'type']),
};

/** Where a use sits and what its file can see. */
export interface UseScope {
  symbols: CorpusSymbols;
  bindings: ReadonlyMap<string, Binding>;
  exported: (fileIds: readonly number[], name: string) => IndexedSymbol[];
  /** The files whose top-level names a bare name sees: the file itself, a Go file's whole package. */
  scopeFiles: readonly number[];
  /** The enclosing symbol's class: a method's parent, or the class itself. */
  enclosingClass: IndexedSymbol | null;
  /** The bases of the enclosing class found in the corpus. */
  bases: readonly IndexedSymbol[];
}

/**
 * The symbols a use names, narrowed only where the code decides it: through `self` to the
 * enclosing class's members; through `super` to its bases' members (none for a library's base); through a receiver bound by an import to that module's names (a
 * library's: none); a bare name to what an import binds it to (a library's: none), else to the
 * top-level names of its own scope; failing those, every corpus symbol of that name and a fitting
 * kind (a bare name never reaches a method). Several results are kept as candidates.
 *
 * @example
 * resolveUse({ kind: 'call', name: 'apply_discount', line: 30, via: 'bare', receiver: null }, scope);
 * // [the symbol shop.pricing.apply_discount]
 */
export function resolveUse(use: NameUse, scope: UseScope): IndexedSymbol[] {
  const kinds = TARGET_KINDS[use.kind];
  const fits = (list: readonly IndexedSymbol[]) => list.filter((symbol) => kinds.has(symbol.kind));
  if (use.via === 'self' && scope.enclosingClass !== null) {
    const members = fits(scope.symbols.membersOf(scope.enclosingClass, scope.scopeFiles)).filter(
      (symbol) => symbol.name === use.name,
    );
    if (members.length > 0) return members;
  }
  // A base outside the corpus has no members here: a `super` call into it names nothing.
  if (use.via === 'super')
    return scope.bases.flatMap((base) =>
      fits(scope.symbols.membersOf(base)).filter((symbol) => symbol.name === use.name),
    );
  if (use.via === 'member' && use.receiver !== null) {
    const bound = scope.bindings.get(use.receiver);
    if (bound === 'external') return [];
    if (bound !== undefined && 'files' in bound) return fits(scope.exported(bound.files, use.name));
    if (bound !== undefined) {
      const members = bound.symbols.flatMap((owner) =>
        fits(scope.symbols.membersOf(owner)).filter((symbol) => symbol.name === use.name),
      );
      if (members.length > 0) return members;
    }
  }
  if (use.via === 'bare') {
    const bound = scope.bindings.get(use.name);
    if (bound === 'external') return [];
    if (bound !== undefined) return 'symbols' in bound ? fits(bound.symbols) : [];
    const local = fits(scope.scopeFiles.flatMap((fileId) => scope.symbols.topLevelIn(fileId, use.name)));
    if (local.length > 0) return local;
  }
  const everywhere = fits(scope.symbols.named(use.name));
  return use.via === 'bare' ? everywhere.filter((symbol) => symbol.kind !== 'method') : everywhere;
}
