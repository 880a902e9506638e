/**
 * The bundle's SQLite tables. `pieces_fts` is contentless (the text lives in `files.content`) and
 * its rowid is the piece id; `name`, `path` and `text` are the BM25 columns the ranking weights
 * name, and `kind` (weight 0) holds the piece kind and `code` or `docs` for the `kind` filter.
 * `refs` holds the reference graph: from a piece (and the innermost symbol at `line`) to a symbol
 * or a file (an import of a module), `kind` call, import or inherits; `candidates` is how many
 * symbols the name could mean (each a row; past the cap one row with no target).
 */
export function bundleTables(stemming: boolean): string {
  return `
CREATE TABLE files (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  language TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  lines INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  content TEXT NOT NULL
);
CREATE TABLE pieces (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL REFERENCES files(id),
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  qualified TEXT,
  start INTEGER NOT NULL,
  end INTEGER NOT NULL
);
CREATE TABLE symbols (
  id INTEGER PRIMARY KEY,
  qualified TEXT NOT NULL,
  name TEXT NOT NULL,
  kind TEXT NOT NULL,
  file_id INTEGER NOT NULL REFERENCES files(id),
  start INTEGER NOT NULL,
  end INTEGER NOT NULL,
  signature TEXT NOT NULL,
  parent TEXT
);
CREATE TABLE refs (
  id INTEGER PRIMARY KEY,
  from_piece INTEGER NOT NULL REFERENCES pieces(id),
  from_symbol INTEGER REFERENCES symbols(id),
  to_symbol INTEGER REFERENCES symbols(id),
  to_file INTEGER REFERENCES files(id),
  to_name TEXT NOT NULL,
  kind TEXT NOT NULL,
  line INTEGER NOT NULL,
  candidates INTEGER NOT NULL
);
CREATE VIRTUAL TABLE pieces_fts USING fts5(name, path, text, kind, content='', tokenize='${ftsTokenizer(stemming)}');
`;
}

/** The FTS5 tokenizer of `pieces_fts`: Porter stems on top of unicode61 when stemming is on. */
export function ftsTokenizer(stemming: boolean): string {
  return stemming ? 'porter unicode61 remove_diacritics 2' : 'unicode61 remove_diacritics 2';
}

/** Indexes created after the bulk insert (cheaper than maintaining them row by row). */
export const BUNDLE_INDEXES = `
CREATE INDEX symbols_qualified ON symbols(qualified);
CREATE INDEX symbols_name ON symbols(name COLLATE NOCASE);
CREATE INDEX symbols_parent ON symbols(parent);
CREATE INDEX pieces_file ON pieces(file_id, start);
CREATE INDEX refs_from_piece ON refs(from_piece);
CREATE INDEX refs_from_symbol ON refs(from_symbol);
CREATE INDEX refs_to_symbol ON refs(to_symbol);
CREATE INDEX refs_unresolved ON refs(to_name) WHERE to_symbol IS NULL AND to_file IS NULL;
INSERT INTO pieces_fts(pieces_fts) VALUES ('optimize');
`;
