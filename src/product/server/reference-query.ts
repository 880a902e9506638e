import type { Statement } from 'better-sqlite3';
import type { Bundle } from '../bundle/open-bundle.js';
import type { ReferenceKind } from '../index-build/references/types.js';
import type { ReferenceDirection } from '../serving/schema.js';
import type { SymbolRow } from './corpus-reader.js';
import type { LocatedRow } from './located-rows.js';

/** One end of a reference: where the other symbol (or piece, or file) is, and how it is related. */
export interface ReferenceEnd extends LocatedRow {
  name: string;
  /** caller and subclass: the referencing side; callee and base: the referenced one. */
  relation: 'caller' | 'callee' | 'base' | 'subclass';
  reference: ReferenceKind;
  /** Where the reference is written: `path:line`, and the name written there. */
  site: string;
  written: string;
  /** How many symbols the written name could mean (1: decided). */
  candidates: number;
}

/** A referenced name the index could not pin to a symbol (more candidates than it keeps). */
export interface UnresolvedName {
  name: string;
  reference: ReferenceKind;
  site: string;
  candidates: number;
}

// The referencing side of a row: its innermost symbol, else its piece.
const FROM = `SELECT r.kind AS reference, r.line, r.candidates, r.to_name AS written, f.path AS site_path,
  s.qualified AS qualified, COALESCE(s.name, p.name) AS name, COALESCE(s.kind, p.kind) AS kind,
  COALESCE(s.start, p.start) AS start, COALESCE(s.end, p.end) AS end, f.path AS path
FROM refs r JOIN pieces p ON p.id = r.from_piece JOIN files f ON f.id = p.file_id
LEFT JOIN symbols s ON s.id = r.from_symbol`;
// The referenced side: a symbol, a file (an imported module), or neither (an unresolved name).
const TO = `SELECT r.kind AS reference, r.line, r.candidates, r.to_name, sf.path AS site_path,
  ts.qualified, ts.name, ts.kind, ts.start, ts.end, tsf.path AS path, tf.path AS file_path, tf.lines AS file_lines
FROM refs r JOIN pieces p ON p.id = r.from_piece JOIN files sf ON sf.id = p.file_id
LEFT JOIN symbols ts ON ts.id = r.to_symbol LEFT JOIN files tsf ON tsf.id = ts.file_id
LEFT JOIN files tf ON tf.id = r.to_file`;
const UNTARGETED = 'r.to_symbol IS NULL AND r.to_file IS NULL AND r.to_name = ?';
// Decided before ambiguous, calls (the uses) before imports (which only bring a name in).
const ORDER = "ORDER BY r.candidates > 1, r.kind = 'import', f.path, r.line, r.id";

const SQL = {
  callers: `${FROM} WHERE (r.to_symbol = ? AND r.kind IN ('call', 'import')) OR (${UNTARGETED} AND r.kind = 'call') ${ORDER}`,
  subclasses: `${FROM} WHERE (r.to_symbol = ? AND r.kind = 'inherits') OR (${UNTARGETED} AND r.kind = 'inherits') ${ORDER}`,
  callees: `${TO} WHERE r.from_symbol = ? AND r.kind IN ('call', 'import') ORDER BY r.line, r.candidates > 1, r.id`,
  bases: `${TO} WHERE r.from_symbol = ? AND r.kind = 'inherits' ORDER BY r.line, r.candidates > 1, r.id`,
} as const;

interface FromRow extends Omit<ReferenceEnd, 'relation' | 'site' | 'qualified'> {
  line: number;
  site_path: string;
  qualified: string | null;
}

interface ToRow {
  reference: ReferenceKind;
  line: number;
  candidates: number;
  to_name: string;
  site_path: string;
  qualified: string | null;
  name: string | null;
  kind: string | null;
  start: number | null;
  end: number | null;
  path: string | null;
  file_path: string | null;
  file_lines: number | null;
}

const statements = new WeakMap<Bundle, Record<keyof typeof SQL, Statement>>();

function prepared(bundle: Bundle): Record<keyof typeof SQL, Statement> {
  let known = statements.get(bundle);
  if (known === undefined) {
    known = {
      callers: bundle.db.prepare(SQL.callers),
      subclasses: bundle.db.prepare(SQL.subclasses),
      callees: bundle.db.prepare(SQL.callees),
      bases: bundle.db.prepare(SQL.bases),
    };
    statements.set(bundle, known);
  }
  return known;
}

function fromEnds(rows: readonly FromRow[], relation: 'caller' | 'subclass'): ReferenceEnd[] {
  return rows.map(({ line, site_path, ...row }) => ({ ...row, relation, site: `${site_path}:${line}` }));
}

function toEnds(
  rows: readonly ToRow[],
  relation: 'callee' | 'base',
  unresolved: UnresolvedName[],
): ReferenceEnd[] {
  const out: ReferenceEnd[] = [];
  for (const row of rows) {
    const site = `${row.site_path}:${row.line}`;
    const common = {
      relation,
      reference: row.reference,
      site,
      written: row.to_name,
      candidates: row.candidates,
    };
    if (row.path !== null && row.qualified !== null)
      out.push({
        ...common,
        path: row.path,
        start: row.start!,
        end: row.end!,
        name: row.name!,
        qualified: row.qualified,
        kind: row.kind!,
      });
    else if (row.file_path !== null)
      out.push({
        ...common,
        path: row.file_path,
        start: 1,
        end: Math.max(1, row.file_lines ?? 1),
        name: row.file_path.slice(row.file_path.lastIndexOf('/') + 1),
        qualified: null,
        kind: 'file',
      });
    else unresolved.push({ name: row.to_name, reference: row.reference, site, candidates: row.candidates });
  }
  return out;
}

/**
 * The references of one symbol in a direction, from the bundle's `refs` table: `callers` (what
 * calls or imports it, and calls of its name where the index kept no one target), `callees` (what
 * it calls or imports), `inherits` (its bases, then its subclasses). Decided rows come before
 * ambiguous ones; names the index could not pin to a symbol are listed apart.
 *
 * @example
 * referencesOf(bundle, symbol, 'callers').ends.map((end) => `${end.qualified} at ${end.site}`);
 * // ['shop.orders.place_order at shop/orders.py:30', ...]
 */
export function referencesOf(
  bundle: Bundle,
  symbol: SymbolRow,
  direction: ReferenceDirection,
): { ends: ReferenceEnd[]; unresolved: UnresolvedName[] } {
  const sql = prepared(bundle);
  const unresolved: UnresolvedName[] = [];
  if (direction === 'callers')
    return { ends: fromEnds(sql.callers.all(symbol.id, symbol.name) as FromRow[], 'caller'), unresolved };
  if (direction === 'callees')
    return { ends: toEnds(sql.callees.all(symbol.id) as ToRow[], 'callee', unresolved), unresolved };
  const bases = toEnds(sql.bases.all(symbol.id) as ToRow[], 'base', unresolved);
  const subclasses = fromEnds(sql.subclasses.all(symbol.id, symbol.name) as FromRow[], 'subclass');
  return { ends: [...bases, ...subclasses], unresolved };
}
