import type { PieceKind } from '../pieces/types.js';

/** A symbol of the bundle with its row id. */
export interface IndexedSymbol {
  id: number;
  name: string;
  qualified: string;
  kind: PieceKind;
  fileId: number;
  parent: string | null;
  start: number;
  end: number;
}

/**
 * The corpus's symbols by name, by file and by enclosing symbol: what resolving a name needs.
 *
 * @example
 * const symbols = corpusSymbols(all);
 * symbols.named('apply_discount').map((symbol) => symbol.qualified); // ['shop.pricing.apply_discount']
 */
export function corpusSymbols(all: readonly IndexedSymbol[]) {
  const byName = new Map<string, IndexedSymbol[]>();
  const byFile = new Map<number, IndexedSymbol[]>();
  const byParent = new Map<string, IndexedSymbol[]>();
  const topLevel = new Map<string, IndexedSymbol[]>();
  const push = <K>(map: Map<K, IndexedSymbol[]>, key: K, symbol: IndexedSymbol) => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [symbol]);
    else list.push(symbol);
  };
  for (const symbol of all) {
    push(byName, symbol.name, symbol);
    push(byFile, symbol.fileId, symbol);
    if (symbol.parent !== null) push(byParent, `${symbol.fileId}\0${symbol.parent}`, symbol);
    else push(topLevel, `${symbol.fileId}\0${symbol.name}`, symbol);
  }
  return {
    named: (name: string): readonly IndexedSymbol[] => byName.get(name) ?? [],
    inFile: (fileId: number): readonly IndexedSymbol[] => byFile.get(fileId) ?? [],
    /** The symbols named `name` at the top level of a file (not members). */
    topLevelIn: (fileId: number, name: string): readonly IndexedSymbol[] =>
      topLevel.get(`${fileId}\0${name}`) ?? [],
    /** The members of a symbol (defined in its file, or a Go method beside its type in another file of the package). */
    membersOf: (symbol: IndexedSymbol, files: readonly number[] = [symbol.fileId]): IndexedSymbol[] =>
      files.flatMap((fileId) => byParent.get(`${fileId}\0${symbol.qualified}`) ?? []),
  };
}

export type CorpusSymbols = ReturnType<typeof corpusSymbols>;
