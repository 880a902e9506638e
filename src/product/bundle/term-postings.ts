import type Database from 'better-sqlite3';
import { int32s } from './piece-files.js';

/**
 * The bundle's own copy of what FTS5's `bm25()` reads for a one-token phrase, written once at build
 * time so a search never pays FTS5 to score a word's pieces one row at a time (~3 us a row):
 * `term_postings` holds each term's IDF, as FTS5 computes it, and its pieces, each with how often
 * the term occurs in the `name`, `path` and `text` columns; `fts_rows` holds the average row size
 * and every row's size in tokens (FTS5's `xColumnSize(-1)`), by piece id.
 */
export const TERM_POSTINGS_TABLES = `
CREATE TABLE term_postings (term TEXT PRIMARY KEY, idf REAL NOT NULL, posting BLOB NOT NULL);
CREATE TABLE fts_rows (avgdl REAL NOT NULL, sizes BLOB NOT NULL);
`;

/** A term's pieces, ascending by id, and its occurrences in each: `name`, `path`, `text` per piece. */
export interface TermPosting {
  idf: number;
  ids: Int32Array;
  /** Three counts per piece, in the order of `ids`. */
  counts: Uint32Array;
}

/** The row sizes BM25 normalises by: each piece's size in tokens by id, and their average. */
export interface RowSizes {
  avgdl: number;
  sizes: Int32Array;
}

// FTS5's column order in `pieces_fts`: name, path, text, kind (`bundleTables`).
const COLUMN = "CASE col WHEN 'name' THEN 0 WHEN 'path' THEN 1 WHEN 'text' THEN 2 ELSE 3 END";

// FTS5's IDF (`fts5Bm25GetData`): log((N - n + 0.5) / (n + 0.5)), 1e-6 when not above 0. SQLite's
// `ln()` is the C library's `log()` that FTS5 calls, so the number is FTS5's to the last bit.
const IDF = 'SELECT ln((? - ? + 0.5) / (? + 0.5))';

/**
 * Writes `term_postings` and `fts_rows` from the built `pieces_fts`: every instance of every term
 * (FTS5's `instance` vocabulary, in term, piece and column order), counted per piece and column.
 * The row count and total size come from FTS5's own averages record, as `bm25()` reads them.
 */
export function writeTermPostings(db: Database.Database): void {
  db.exec(TERM_POSTINGS_TABLES);
  db.exec("CREATE VIRTUAL TABLE temp.instances USING fts5vocab(main, pieces_fts, 'instance')");
  const [rows, tokens] = sqliteVarints(
    db.prepare('SELECT block FROM pieces_fts_data WHERE id = 1').pluck().get() as Buffer,
  ).reduce<[number, number]>(
    (sum, value, index) => (index === 0 ? [value, 0] : [sum[0], sum[1] + value]),
    [0, 0],
  );
  const maxId = (db.prepare('SELECT max(id) FROM pieces').pluck().get() as number | null) ?? 0;
  const sizes = new Int32Array(maxId + 1);
  const idf = db.prepare(IDF).pluck();
  const insert = db.prepare('INSERT INTO term_postings (term, idf, posting) VALUES (?, ?, ?)');
  const instances = db
    .prepare(`SELECT term, group_concat(doc * 4 + ${COLUMN}) FROM temp.instances GROUP BY term`)
    .raw();
  // better-sqlite3 runs nothing else while a statement iterates: postings are encoded first.
  const encoded: [term: string, pieces: number, posting: Buffer][] = [];
  for (const [term, list] of instances.iterate() as IterableIterator<[string, string]>) {
    const bytes: number[] = [];
    let previous = 0;
    let doc = -1;
    const count = [0, 0, 0, 0];
    let pieces = 0;
    const flush = () => {
      if (doc < 0) return;
      pushVarint(bytes, doc - previous);
      for (let column = 0; column < 3; column++) pushVarint(bytes, count[column]!);
      previous = doc;
      pieces += 1;
    };
    for (const item of list.split(',')) {
      const code = Number(item);
      const at = Math.floor(code / 4);
      if (at !== doc) {
        flush();
        doc = at;
        count.fill(0);
      }
      count[code % 4]! += 1;
      sizes[at]! += 1;
    }
    flush();
    encoded.push([term, pieces, Buffer.from(bytes)]);
  }
  db.transaction(() => {
    for (const [term, pieces, posting] of encoded) {
      const x = idf.get(rows, pieces, pieces) as number;
      insert.run(term, x <= 0 ? 1e-6 : x, posting);
    }
  })();
  // A corpus with no piece has no rows to average over (FTS5 never scores one).
  db.prepare('INSERT INTO fts_rows (avgdl, sizes) VALUES (?, ?)').run(
    rows === 0 ? 0 : tokens / rows,
    Buffer.from(sizes.buffer, sizes.byteOffset, sizes.byteLength),
  );
  db.exec('DROP TABLE temp.instances');
}

/**
 * A reader of `term_postings`: a term's posting, or null when no piece holds it.
 *
 * @example
 * const posting = termPostingReader(bundle.db)('retri'); // porter's stem of "retry"
 */
export function termPostingReader(db: Database.Database): (term: string) => TermPosting | null {
  const statement = db.prepare('SELECT idf, posting FROM term_postings WHERE term = ?').raw();
  return (term) => {
    const row = statement.get(term) as [number, Buffer] | undefined;
    return row === undefined ? null : decodePosting(row[0], row[1]);
  };
}

function decodePosting(idf: number, bytes: Buffer): TermPosting {
  const ids: number[] = [];
  const counts: number[] = [];
  let at = 0;
  let doc = 0;
  const next = (): number => {
    let value = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = bytes[at++]!;
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte >= 0x80);
    return value;
  };
  while (at < bytes.length) {
    doc += next();
    ids.push(doc);
    counts.push(next(), next(), next());
  }
  return { idf, ids: Int32Array.from(ids), counts: Uint32Array.from(counts) };
}

/** The bundle's row sizes (`fts_rows`). */
export function readRowSizes(db: Database.Database): RowSizes {
  const [avgdl, bytes] = db.prepare('SELECT avgdl, sizes FROM fts_rows').raw().get() as [number, Buffer];
  return { avgdl, sizes: int32s(bytes) };
}

/** Appends an unsigned LEB128 varint. */
function pushVarint(bytes: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 128) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
}

/** SQLite's own varints (big-endian, seven bits a byte, the ninth byte whole), as FTS5 writes them. */
function sqliteVarints(bytes: Buffer): number[] {
  const values: number[] = [];
  let at = 0;
  while (at < bytes.length) {
    let value = 0;
    for (let index = 0; ; index++) {
      const byte = bytes[at++]!;
      if (index === 8) {
        value = value * 256 + byte;
        break;
      }
      value = value * 128 + (byte & 0x7f);
      if (byte < 0x80) break;
    }
    values.push(value);
  }
  return values;
}
