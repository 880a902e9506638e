/** What a reference is: a call (or an instantiation), an import, or a base a class or type inherits. */
export type ReferenceKind = 'call' | 'import' | 'inherits';

/**
 * A name a file uses, before it is resolved to symbols. `via` says how it is reached: `bare`
 * (`f(`), `self` (through `self`, `cls`, `this` or a Go method's receiver: a member of the
 * enclosing class), `super` (`super().f(`, `super.f(`: a member of its bases), or `member`
 * (`recv.f(`; `receiver` the dotted text before it, null when it is an expression such as `a().f(`).
 */
export interface NameUse {
  kind: 'call' | 'inherits';
  name: string;
  line: number;
  via: 'bare' | 'self' | 'super' | 'member';
  receiver: string | null;
}

/** What an import names, before it is resolved to files. */
export type ImportTarget =
  /** `import a.b` / `from ..a import b`: the dotted module and how many leading dots (0: absolute). */
  | { language: 'python'; module: string; level: number }
  /** A TS/JS module specifier as written (`./x.js` of an import, an export or a `require`). */
  | { language: 'path'; specifier: string }
  /** `import "example.com/kv/store"`: the package's import path. */
  | { language: 'go'; path: string };

/** One import statement (or one path of a Go import block). */
export interface ImportUse {
  line: number;
  target: ImportTarget;
  /** Names imported from the target (`from m import a as b`, `import { a as b }`), each bound locally as `alias`. */
  names: { name: string; alias: string }[];
  /** The local name bound to the target itself (`import m as x`, `import * as x`, a Go package's name), or null. */
  binds: string | null;
  /** `export * from` a module: every name of the target is re-exported. */
  reexportsAll?: boolean;
}

/** Everything one file refers to, before resolution. */
export interface FileUses {
  imports: ImportUse[];
  uses: NameUse[];
}
