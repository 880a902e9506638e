/** What a piece or a symbol is. `block` is a window of lines outside any symbol. */
export type PieceKind = 'function' | 'method' | 'class' | 'type' | 'variable' | 'section' | 'block';

/** A named declaration a cutter found: 1-based inclusive lines of its whole extent. */
export interface SymbolSpan {
  kind: PieceKind;
  name: string;
  /** The qualified name (`pkg.mod.Cls.method`, `src/a.ts#Cls.method`, `pkg.Type.Method`). */
  qualified: string;
  start: number;
  end: number;
  /** The declaration's first line(s), up to where its body starts. */
  signature: string;
  /** The qualified name of the enclosing symbol (a method's class), when there is one. */
  parent?: string;
}

/** One searchable unit of a file: 1-based inclusive lines. */
export interface Piece {
  kind: PieceKind;
  name: string;
  /** The symbol this piece belongs to, or null for a block. */
  qualified: string | null;
  start: number;
  end: number;
}

/** What a cutter knows about the file it cuts. */
export interface CutContext {
  /** The file's path relative to the corpus root, `/`-separated. */
  path: string;
  /** Python's dotted module name for this file (`pkg.mod`), when the language has one. */
  module?: string;
}

/** A language's cutter: the declarations of one file, given its lines. */
export type Cutter = (lines: readonly string[], context: CutContext) => SymbolSpan[];
