import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { AgentTrackError } from '../../core/index.js';
import { BUNDLE_DATABASE, BUNDLE_MANIFEST, type BundleManifest } from '../bundle/manifest.js';
import { writePieceFiles } from '../bundle/piece-files.js';
import { BUNDLE_INDEXES, bundleTables } from '../bundle/tables.js';
import { writeTermPostings } from '../bundle/term-postings.js';
import { INDEX_FORMAT, ingestionHash } from '../serving/ingestion-hash.js';
import type { ServingConfig } from '../serving/schema.js';
import { camelCaseParts, identifierParts } from '../text/split-identifiers.js';
import { contentHash, corpusHash } from './corpus-hash.js';
import { fileGroup, languageOf, pythonModule } from './language.js';
import { cutFile } from './pieces/cut-file.js';
import type { ReferencingFile } from './references/file-references.js';
import { fileUses } from './references/file-uses.js';
import { type GoModule, goModuleOf, indexReferences } from './references/index-references.js';
import { walkCorpus } from './walk.js';

export interface BuildIndexOptions {
  /** The directory to index. */
  corpus: string;
  /** The workspace directory the bundle is written to (created if missing, its bundle replaced). */
  out: string;
  config: ServingConfig;
}

/**
 * Indexes a corpus directory into a bundle (`bundle.json` and `index.sqlite`) in one SQLite
 * transaction: files with their contents, pieces cut per language in an FTS5 table for BM25, the
 * symbol table of qualified names, and (with `ingestion.references`) the reference graph.
 *
 * @example
 * const manifest = buildIndex({ corpus: 'fixtures/corpora/py-shop', out: '/tmp/ws', config: loadServingConfig('configs/serving/default.yaml') });
 * manifest.counts; // { files: 17, pieces: 74, symbols: 59, references: 82 }
 */
export function buildIndex(options: BuildIndexOptions): BundleManifest {
  const began = performance.now();
  const corpus = resolve(options.corpus);
  if (!existsSync(corpus) || !statSync(corpus).isDirectory()) {
    throw new AgentTrackError('CORPUS_NOT_FOUND', `The corpus \`${options.corpus}\` is not a directory`, {
      data: { corpus: options.corpus },
    });
  }
  const ingestion = options.config.ingestion;
  const walked = walkCorpus(corpus, {
    excludeDirs: ingestion.exclude_dirs,
    maxFileBytes: ingestion.max_file_bytes,
  });
  const packageDirs = new Set(
    walked.files
      .filter((file) => /(^|\/)__init__\.pyi?$/.test(file.path))
      .map((file) => file.path.replace(/\/?__init__\.pyi?$/, '')),
  );
  mkdirSync(options.out, { recursive: true });
  const target = join(options.out, BUNDLE_DATABASE);
  const temporary = `${target}.${process.pid}.tmp`;
  rmSync(temporary, { force: true });
  const db = new Database(temporary);
  const counts = { files: 0, pieces: 0, symbols: 0, references: 0 };
  const referencing: ReferencingFile[] = [];
  const goModules: GoModule[] = [];
  const hashed: { path: string; sha256: string }[] = [];
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.exec(bundleTables(ingestion.stemming));
    const insertFile = db.prepare(
      'INSERT INTO files (id, path, language, bytes, lines, sha256, content) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const insertPiece = db.prepare(
      'INSERT INTO pieces (id, file_id, kind, name, qualified, start, end) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const insertText = db.prepare(
      'INSERT INTO pieces_fts (rowid, name, path, text, kind) VALUES (?, ?, ?, ?, ?)',
    );
    const insertSymbol = db.prepare(
      'INSERT INTO symbols (id, qualified, name, kind, file_id, start, end, signature, parent) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const split = ingestion.split_identifiers;
    db.transaction(() => {
      for (const file of walked.files) {
        const fileId = ++counts.files;
        const lines = file.text.split(/\r?\n/);
        if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
        const language = languageOf(file.path);
        const sha256 = contentHash(file.text);
        hashed.push({ path: file.path, sha256 });
        insertFile.run(fileId, file.path, language, file.bytes, lines.length, sha256, file.text);
        const context =
          language === 'python'
            ? { path: file.path, module: pythonModule(file.path, packageDirs) }
            : { path: file.path };
        const cut = cutFile(lines, language, context, ingestion);
        const group = fileGroup(file.path);
        const pathText = split ? `${file.path} ${camelCaseParts(file.path)}` : file.path;
        const pieces: ReferencingFile['pieces'][number][] = [];
        for (const piece of cut.pieces) {
          const pieceId = ++counts.pieces;
          pieces.push({ id: pieceId, start: piece.start, end: piece.end });
          insertPiece.run(pieceId, fileId, piece.kind, piece.name, piece.qualified, piece.start, piece.end);
          const body = lines.slice(piece.start - 1, piece.end).join('\n');
          const nameParts = split ? identifierParts(piece.name).join(' ') : '';
          insertText.run(
            pieceId,
            `${piece.name} ${nameParts} ${piece.qualified ?? ''}`,
            pathText,
            split ? `${body}\n${camelCaseParts(body)}` : body,
            `${piece.kind} ${group}`,
          );
        }
        const symbols: ReferencingFile['symbols'][number][] = [];
        for (const symbol of cut.symbols) {
          const symbolId = ++counts.symbols;
          symbols.push({ ...symbol, id: symbolId, fileId, parent: symbol.parent ?? null });
          insertSymbol.run(
            symbolId,
            symbol.qualified,
            symbol.name,
            symbol.kind,
            fileId,
            symbol.start,
            symbol.end,
            symbol.signature,
            symbol.parent ?? null,
          );
        }
        if (!ingestion.references) continue;
        const goModule = /(^|\/)go\.mod$/.test(file.path) ? goModuleOf(file.path, file.text) : null;
        if (goModule !== null) goModules.push(goModule);
        const uses = fileUses(lines, language, cut.symbols);
        if (uses.imports.length > 0 || uses.uses.length > 0 || symbols.length > 0)
          referencing.push({ id: fileId, path: file.path, module: context.module, uses, symbols, pieces });
      }
      counts.references = indexReferences(db, referencing, goModules);
    })();
    db.exec(BUNDLE_INDEXES);
    writeTermPostings(db);
    writePieceFiles(db);
  } finally {
    db.close();
  }
  const manifestFile = join(options.out, BUNDLE_MANIFEST);
  // The old manifest goes first: a crash between the two renames leaves no bundle, never a mismatched one.
  rmSync(manifestFile, { force: true });
  renameSync(temporary, target);
  const manifest: BundleManifest = {
    format: INDEX_FORMAT,
    config_hash: ingestionHash(ingestion),
    ingestion,
    corpus_hash: corpusHash(hashed),
    corpus,
    counts,
    skipped: walked.skipped,
    built_at: new Date().toISOString(),
    build_ms: Math.round(performance.now() - began),
  };
  writeFileSync(`${manifestFile}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(`${manifestFile}.tmp`, manifestFile);
  return manifest;
}
