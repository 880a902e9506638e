import { posix } from 'node:path';
import type Database from 'better-sqlite3';
import { corpusSymbols } from './corpus-symbols.js';
import { fileBindings } from './file-bindings.js';
import { fileReferences, type ReferencingFile } from './file-references.js';
import { importTargets } from './import-targets.js';

/** A `go.mod` of the corpus: the directory it sits in and the module path it declares. */
export interface GoModule {
  dir: string;
  module: string;
}

/**
 * The `module` a `go.mod` declares, with its directory, or null when it declares none.
 *
 * @example
 * goModuleOf('go.mod', 'module example.com/kv\n\ngo 1.22\n'); // { dir: '.', module: 'example.com/kv' }
 */
export function goModuleOf(path: string, text: string): GoModule | null {
  const module = /^module\s+"?([^\s"]+)"?/m.exec(text)?.[1];
  return module === undefined ? null : { dir: posix.dirname(path), module };
}

/**
 * Resolves every file's uses against the whole corpus and writes the `refs` rows; returns how many.
 * Run inside the build's transaction, after every file, piece and symbol is inserted.
 *
 * @example
 * counts.references = indexReferences(db, referencingFiles, goModules);
 */
export function indexReferences(
  db: Database.Database,
  files: readonly ReferencingFile[],
  goModules: readonly GoModule[],
): number {
  const symbols = corpusSymbols(files.flatMap((file) => file.symbols));
  const targets = importTargets(files, goModules);
  const bindings = fileBindings(new Map(files.map((file) => [file.id, file])), symbols, targets);
  const packages = new Map<string, number[]>();
  for (const file of files) {
    if (!file.path.endsWith('.go')) continue;
    const dir = posix.dirname(file.path);
    const known = packages.get(dir);
    if (known === undefined) packages.set(dir, [file.id]);
    else known.push(file.id);
  }
  const scopeFiles = (file: ReferencingFile) =>
    file.path.endsWith('.go') ? (packages.get(posix.dirname(file.path)) ?? [file.id]) : [file.id];
  const insert = db.prepare(
    'INSERT INTO refs (from_piece, from_symbol, to_symbol, to_file, to_name, kind, line, candidates) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  let count = 0;
  for (const file of files) {
    for (const row of fileReferences(file, { symbols, bindings, targets, scopeFiles })) {
      insert.run(
        row.fromPiece,
        row.fromSymbol,
        row.toSymbol,
        row.toFile,
        row.toName,
        row.kind,
        row.line,
        row.candidates,
      );
      count += 1;
    }
  }
  return count;
}
