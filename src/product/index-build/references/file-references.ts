import type { IndexedSymbol } from './corpus-symbols.js';
import type { FileBindings } from './file-bindings.js';
import type { ImportingFile } from './import-targets.js';
import { resolveUse, type UseScope } from './resolve-use.js';
import type { FileUses, ImportTarget, ReferenceKind } from './types.js';

/** A name with more candidates than this is stored once, unresolved, with its count. */
const MAX_CANDIDATES = 10;

/** One row of the `refs` table. */
export interface ReferenceRow {
  fromPiece: number;
  fromSymbol: number | null;
  toSymbol: number | null;
  toFile: number | null;
  toName: string;
  kind: ReferenceKind;
  line: number;
  /** How many symbols the name could mean: 1 decided, more ambiguous (each kept as a row up to MAX_CANDIDATES). */
  candidates: number;
}

/** One indexed file as the reference rows need it. */
export interface ReferencingFile extends ImportingFile {
  uses: FileUses;
  symbols: readonly IndexedSymbol[];
  /** The file's pieces (ids and lines), in line order. */
  pieces: readonly { id: number; start: number; end: number }[];
}

export interface ReferenceContext extends Pick<UseScope, 'symbols'> {
  bindings: FileBindings;
  targets: (from: ImportingFile, target: ImportTarget) => number[];
  /** The files a bare name in this file sees (itself; a Go file's package). */
  scopeFiles: (file: ReferencingFile) => readonly number[];
}

type Bindings = ReturnType<FileBindings['of']>;

function innermost(symbols: readonly IndexedSymbol[], line: number): IndexedSymbol | null {
  let best: IndexedSymbol | null = null;
  for (const symbol of symbols)
    if (
      symbol.start <= line &&
      line <= symbol.end &&
      (best === null || symbol.end - symbol.start < best.end - best.start)
    )
      best = symbol;
  return best;
}

type Sink = ReturnType<typeof rowSink>;

// Rows keyed so a name written twice on a line is one reference; each from the piece and the
// innermost symbol holding its line.
function rowSink(file: ReferencingFile) {
  const out = new Map<string, ReferenceRow>();
  const add = (line: number, rest: Omit<ReferenceRow, 'fromPiece' | 'fromSymbol' | 'line'>) => {
    const piece = file.pieces.find((p) => p.start <= line && line <= p.end);
    if (piece === undefined) return;
    const row = { fromPiece: piece.id, fromSymbol: innermost(file.symbols, line)?.id ?? null, line, ...rest };
    out.set(`${row.kind}\0${line}\0${row.toSymbol}\0${row.toFile}\0${row.toName}`, row);
  };
  const symbols = (line: number, kind: ReferenceKind, toName: string, found: readonly IndexedSymbol[]) => {
    if (found.length > MAX_CANDIDATES)
      add(line, { toSymbol: null, toFile: null, toName, kind, candidates: found.length });
    else
      for (const symbol of found)
        add(line, { toSymbol: symbol.id, toFile: null, toName, kind, candidates: found.length });
  };
  const fileRow = (line: number, toFile: number, toName: string) =>
    add(line, { toSymbol: null, toFile, toName, kind: 'import', candidates: 1 });
  return { symbols, file: fileRow, rows: () => [...out.values()] };
}

function writtenTarget(target: ImportTarget): string {
  if (target.language === 'python') return `${'.'.repeat(target.level)}${target.module}`;
  return target.language === 'path' ? target.specifier : target.path;
}

// Each import to the files or symbols it names; a library's names nothing and is left out.
function importRows(file: ReferencingFile, context: ReferenceContext, bindings: Bindings, sink: Sink): void {
  for (const use of file.uses.imports) {
    const modules = context.targets(file, use.target);
    if (modules.length === 0) continue;
    if (use.names.length === 0)
      for (const toFile of modules) sink.file(use.line, toFile, writtenTarget(use.target));
    for (const { name, alias } of use.names) {
      const bound = bindings.get(alias);
      if (bound !== undefined && bound !== 'external' && 'symbols' in bound)
        sink.symbols(use.line, 'import', name, bound.symbols);
      else
        for (const toFile of bound !== undefined && bound !== 'external' ? bound.files : modules)
          sink.file(use.line, toFile, name);
    }
  }
}

// Each call and base to the symbols `resolveUse` finds; bases first, since a `super` call is
// resolved through the bases of its class.
function useRows(file: ReferencingFile, context: ReferenceContext, bindings: Bindings, sink: Sink): void {
  // Every symbol a use can name has its name, but for a bare name an import binds to another.
  const resolvable = file.uses.uses.filter(
    (use) => context.symbols.named(use.name).length > 0 || (use.via === 'bare' && bindings.has(use.name)),
  );
  if (resolvable.length === 0) return;
  const scopeFiles = context.scopeFiles(file);
  const classes = new Map<string, IndexedSymbol>();
  for (const id of scopeFiles)
    for (const symbol of context.symbols.inFile(id))
      if (!classes.has(symbol.qualified)) classes.set(symbol.qualified, symbol);
  const bases = new Map<number, IndexedSymbol[]>();
  const ordered = [
    ...resolvable.filter((use) => use.kind === 'inherits'),
    ...resolvable.filter((use) => use.kind !== 'inherits'),
  ];
  for (const use of ordered) {
    const enclosing = innermost(file.symbols, use.line);
    const classOf = enclosing?.kind === 'class' ? enclosing.qualified : (enclosing?.parent ?? null);
    const enclosingClass = classOf === null ? null : (classes.get(classOf) ?? null);
    let found = resolveUse(use, {
      symbols: context.symbols,
      bindings,
      exported: context.bindings.exported,
      scopeFiles,
      enclosingClass,
      bases: enclosingClass === null ? [] : (bases.get(enclosingClass.id) ?? []),
    });
    if (use.kind === 'inherits') {
      // A class is never its own base: a base spelled like the class it is in names another one.
      found = found.filter((symbol) => symbol.id !== enclosing?.id);
      if (enclosing !== null) bases.set(enclosing.id, [...(bases.get(enclosing.id) ?? []), ...found]);
    }
    sink.symbols(use.line, use.kind, use.name, found);
  }
}

/**
 * The reference rows of one file: each import to the files or symbols it names (a library's: none),
 * each call and base to the symbols `resolveUse` finds, from the piece and the innermost symbol
 * holding its line. A name with more than MAX_CANDIDATES symbols is one row without a target.
 *
 * @example
 * fileReferences(cartFile, context).filter((row) => row.kind === 'call').map((row) => row.toName);
 */
export function fileReferences(file: ReferencingFile, context: ReferenceContext): ReferenceRow[] {
  const sink = rowSink(file);
  const bindings = context.bindings.of(file);
  importRows(file, context, bindings, sink);
  useRows(file, context, bindings, sink);
  return sink.rows();
}
