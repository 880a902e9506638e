import type { Statement } from 'better-sqlite3';
import type { Bundle } from '../bundle/open-bundle.js';
import { ftsTokenizer } from '../bundle/tables.js';

interface Tokenizer {
  insert: Statement;
  read: Statement;
  clear: Statement;
}

const tokenizers = new WeakMap<Bundle, Tokenizer>();

/**
 * The terms FTS5 makes of a text with the bundle's own tokenizer (case folded, diacritics removed,
 * Porter-stemmed when the bundle stems), in order: the text is written to a temporary FTS5 table
 * of the connection and its instances read back, so the terms are FTS5's by construction.
 * Temporary tables live beside the read-only bundle, in the connection's own `temp` schema.
 *
 * @example
 * ftsTokens(bundle, 'Retrying payments'); // ['retri', 'payment']
 */
export function ftsTokens(bundle: Bundle, text: string): string[] {
  let tokenizer = tokenizers.get(bundle);
  if (tokenizer === undefined) {
    const tokenize = ftsTokenizer(bundle.manifest.ingestion.stemming);
    bundle.db.exec(`CREATE VIRTUAL TABLE temp.query_text USING fts5(text, tokenize='${tokenize}');
CREATE VIRTUAL TABLE temp.query_terms USING fts5vocab(temp, query_text, 'instance');`);
    tokenizer = {
      insert: bundle.db.prepare('INSERT INTO temp.query_text (rowid, text) VALUES (1, ?)'),
      read: bundle.db.prepare('SELECT term FROM temp.query_terms ORDER BY offset').pluck(),
      clear: bundle.db.prepare('DELETE FROM temp.query_text'),
    };
    tokenizers.set(bundle, tokenizer);
  }
  tokenizer.insert.run(text);
  try {
    return tokenizer.read.all() as string[];
  } finally {
    tokenizer.clear.run();
  }
}
